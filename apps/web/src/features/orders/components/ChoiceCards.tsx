import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface Choice {
  id: number;
  title: string;
  subtitle?: string;
}

interface ChoiceCardsProps {
  label: string;
  icon: ReactNode;
  choices: Choice[];
  selectedId: number | null;
  onChoose: (id: number) => void;
}

/** A row of cards, one per warehouse or account, the chosen one highlighted (the shipped archive's steps). */
export function ChoiceCards({ label, icon, choices, selectedId, onChoose }: ChoiceCardsProps) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))' }}
    >
      {choices.map((choice) => {
        const selected = choice.id === selectedId;
        return (
          <Card
            key={choice.id}
            sx={(theme) => ({
              borderColor: selected ? 'primary.main' : undefined,
              boxShadow: selected ? `0 0 0 1px ${theme.palette.primary.main}` : undefined,
              bgcolor: selected ? alpha(theme.palette.primary.main, 0.04) : undefined,
            })}
          >
            <CardActionArea onClick={() => onChoose(choice.id)} aria-pressed={selected}>
              <CardContent sx={{ p: 2 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Box sx={{ color: 'primary.main', display: 'grid' }}>{icon}</Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" sx={{ fontWeight: 600 }} noWrap title={choice.title}>
                      {choice.title}
                    </Typography>
                    {choice.subtitle && (
                      <Typography variant="caption" color="text.secondary">
                        {choice.subtitle}
                      </Typography>
                    )}
                  </Box>
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
