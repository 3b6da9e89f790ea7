import ApartmentIcon from '@mui/icons-material/Apartment';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import { Box, Card, CardActionArea, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { InventorySummary } from '@wms/contract/inventory';
import type { ReactNode } from 'react';

type Totals = InventorySummary['totals'];

interface StockCardProps {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  totals: Totals;
  selected: boolean;
  onClick?: () => void;
}

function StockCard({ title, subtitle, icon, totals, selected, onClick }: StockCardProps) {
  const content = (
    <CardContent sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Box
          sx={(theme) => ({
            width: 36,
            height: 36,
            borderRadius: 1,
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
            bgcolor: alpha(theme.palette.primary.main, 0.1),
            flexShrink: 0,
          })}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} noWrap title={title}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="caption" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {totals.items.toLocaleString()} {totals.items === 1 ? 'item' : 'items'} ·{' '}
        {totals.units_available.toLocaleString()} available
      </Typography>
      <Stack direction="row" spacing={0.75} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 0.75 }}>
        <Chip size="small" color="warning" variant="outlined" label={`${totals.low_stock_count} low`} />
        <Chip size="small" color="error" variant="outlined" label={`${totals.out_of_stock_count} out`} />
      </Stack>
    </CardContent>
  );
  return (
    <Card
      sx={(theme) => ({
        borderColor: selected ? 'primary.main' : undefined,
        boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : undefined,
        bgcolor: selected ? alpha(theme.palette.primary.main, 0.03) : undefined,
      })}
    >
      {onClick ? (
        <CardActionArea onClick={onClick} aria-pressed={selected}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))' } as const;

export function StockCardsSkeleton() {
  return (
    <Box sx={{ ...GRID, mb: 3 }} aria-hidden>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} variant="rounded" height={128} />
      ))}
    </Box>
  );
}

interface StockCardsProps {
  summary: InventorySummary;
  warehouseId: number | null;
  accountId: number | null;
  /** Warehouses that can become the working context (active ones); other cards only show their figures. */
  selectableWarehouseIds?: readonly number[];
  /** Absent for clients: their selection is fixed. */
  onWarehouse?: (id: number | null) => void;
  onAccount?: (id: number | null) => void;
}

/** Spec §2: warehouse cards first, then the chosen warehouse's account cards. */
export function StockCards(props: StockCardsProps) {
  const { summary, warehouseId, accountId, selectableWarehouseIds, onWarehouse, onAccount } = props;
  const canChoose = (id: number) => onWarehouse && (selectableWarehouseIds?.includes(id) ?? false);
  const chosen = summary.warehouses.find((warehouse) => warehouse.id === warehouseId) ?? null;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="overline" color="text.secondary">
        Warehouses
      </Typography>
      <Box sx={GRID} role="group" aria-label="Warehouses">
        {onWarehouse && summary.warehouses.length > 1 && (
          <StockCard
            title="All Warehouses"
            icon={<ApartmentIcon />}
            totals={summary.totals}
            selected={warehouseId === null}
            onClick={() => onWarehouse(null)}
          />
        )}
        {summary.warehouses.map((warehouse) => (
          <StockCard
            key={warehouse.id}
            title={warehouse.name}
            subtitle={warehouse.is_active ? warehouse.code : `${warehouse.code} · inactive`}
            icon={<WarehouseOutlinedIcon />}
            totals={warehouse}
            selected={warehouse.id === warehouseId}
            onClick={canChoose(warehouse.id) ? () => onWarehouse?.(warehouse.id) : undefined}
          />
        ))}
      </Box>
      {chosen && (
        <>
          <Typography variant="overline" color="text.secondary" sx={{ mt: 2, display: 'block' }}>
            Accounts in {chosen.name}
          </Typography>
          {chosen.accounts.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              This warehouse has no associated accounts.
            </Typography>
          ) : (
            <Box sx={GRID} role="group" aria-label="Accounts">
              {onAccount && chosen.accounts.length > 1 && (
                <StockCard
                  title="All Accounts"
                  icon={<ApartmentIcon />}
                  totals={chosen}
                  selected={accountId === null}
                  onClick={() => onAccount(null)}
                />
              )}
              {chosen.accounts.map((account) => (
                <StockCard
                  key={account.id}
                  title={account.name}
                  icon={<StorefrontOutlinedIcon />}
                  totals={account}
                  selected={account.id === accountId}
                  onClick={onAccount ? () => onAccount(account.id) : undefined}
                />
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
