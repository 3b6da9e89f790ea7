import { MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { rateCardsQuery } from '../api';
import { AddAccountCard } from '../components/AddAccountCard';
import { RateEditor } from '../components/RateEditor';
import { VersionsTable } from '../components/VersionsTable';

/** /billing/rate-cards: the default card and account cards, their versions, and new rates. */
export function RateCardsPage() {
  const cards = useQuery(rateCardsQuery());
  const [selectedId, setSelectedId] = useState<number | null>(null);

  if (cards.isPending) return <LoadingState />;
  if (cards.isError) return <ErrorState message={cards.error.message} onRetry={() => cards.refetch()} />;
  const { rate_cards: list, currency } = cards.data;
  const card = list.find((c) => c.id === selectedId) ?? list[0];

  return (
    <>
      <PageHeader
        title="Rate Cards"
        subtitle="What each account is charged: the default card, overridden per account where an account has its own."
        scope="All accounts"
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label="Rate card"
          value={card ? String(card.id) : ''}
          onChange={(event) => setSelectedId(Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          {list.map((c) => (
            <MenuItem key={c.id} value={String(c.id)}>
              {c.account_name ?? 'Default'}
            </MenuItem>
          ))}
        </TextField>
        <AddAccountCard cards={list} onCreated={(created) => setSelectedId(created.id)} />
      </Stack>
      {card && (
        <>
          <VersionsTable card={card} currency={currency} />
          {/* Keyed by card and its latest change, so the editor starts again from the saved rates. */}
          <RateEditor
            key={`${card.id}-${card.versions.map((v) => `${v.id}@${v.updated_at}`).join(',')}`}
            card={card}
            currency={currency}
          />
        </>
      )}
    </>
  );
}
