import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { RateCard } from '@wms/contract/rate-cards';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { billableAccountsQuery, useCreateRateCard } from '../api';

/** Gives an account its own card (its rates then override the default card's); accounts with one are not offered. */
export function AddAccountCard({ cards, onCreated }: { cards: RateCard[]; onCreated: (card: RateCard) => void }) {
  const accounts = useQuery(billableAccountsQuery());
  const [accountId, setAccountId] = useState('');
  const withCard = new Set(cards.map((card) => card.account_id));
  const offered = (accounts.data?.data ?? []).filter((account) => !withCard.has(account.id));
  const create = useCreateRateCard({
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      setAccountId('');
      onCreated(answer.rate_card);
    },
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        select
        size="small"
        label="Account without a card"
        value={accountId}
        onChange={(event) => setAccountId(event.target.value)}
        sx={{ minWidth: 240 }}
      >
        {offered.map((account) => (
          <MenuItem key={account.id} value={String(account.id)}>
            {account.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        disabled={!accountId || create.isPending}
        onClick={() => create.mutate(Number(accountId))}
      >
        Add account card
      </Button>
    </Stack>
  );
}
