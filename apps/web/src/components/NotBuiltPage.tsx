import ConstructionIcon from '@mui/icons-material/Construction';
import { Card, CardContent } from '@mui/material';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface NotBuiltPageProps {
  title: string;
}

/**
 * Routes of areas that later issues deliver. They exist now so the guard, menu and links work end to end,
 * but they say plainly that nothing is here yet rather than showing invented data.
 */
export function NotBuiltPage({ title }: NotBuiltPageProps) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <EmptyState
            icon={<ConstructionIcon />}
            title="This area is not built yet."
            hint={`${title} will be available in a later release.`}
          />
        </CardContent>
      </Card>
    </>
  );
}
