import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import { Grid } from '@mui/material';
import type { InquiryStatistics } from '@wms/contract/inquiries';
import { SectionCard } from './SectionCard';
import { StatCard } from './StatCard';

const CARDS: { key: keyof InquiryStatistics; label: string; status?: string }[] = [
  { key: 'total', label: 'Total' },
  { key: 'open', label: 'Open', status: 'open' },
  { key: 'in_progress', label: 'In Progress', status: 'in_progress' },
  { key: 'resolved', label: 'Resolved', status: 'resolved' },
  { key: 'closed', label: 'Closed', status: 'closed' },
];

/** Spec 1 §2.5: each card links to the inquiries list, filtered by its status. */
export function InquiryOverview({ stats }: { stats: InquiryStatistics | undefined }) {
  return (
    <SectionCard title="Inquiry Status Overview">
      <Grid container spacing={2}>
        {CARDS.map((card) => (
          <Grid key={card.key} size={{ xs: 6, sm: 4, md: 12 / 5 }}>
            <StatCard
              label={card.label}
              value={stats?.[card.key]}
              icon={<QuestionAnswerOutlined />}
              headingLevel="h3"
              to={card.status ? `/inquiries?status=${card.status}` : '/inquiries'}
            />
          </Grid>
        ))}
      </Grid>
    </SectionCard>
  );
}
