import { Stack, Typography } from '@mui/material';
import { SectionCard } from './SectionCard';

export interface TopListItem {
  key: number;
  primary: string;
  secondary?: string;
  value: number;
  valueLabel: string;
}

/** Top accounts by orders (managers) or top selling products (others): five ranked rows. */
export function TopList({ title, items, empty }: { title: string; items: TopListItem[]; empty: string }) {
  return (
    <SectionCard title={title}>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <Stack component="ol" spacing={1.5} sx={{ m: 0, pl: 2.5 }}>
          {items.map((item) => (
            <li key={item.key}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                <Stack sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                    {item.primary}
                  </Typography>
                  {item.secondary && (
                    <Typography variant="caption" color="text.secondary" noWrap>
                      {item.secondary}
                    </Typography>
                  )}
                </Stack>
                <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {item.value.toLocaleString()} {item.valueLabel}
                </Typography>
              </Stack>
            </li>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
