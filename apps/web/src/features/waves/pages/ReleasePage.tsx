import { Alert, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { PageHeader } from '../../../components/PageHeader';
import { failureMessage } from '../../../lib/api/failure-message';
import { useWorkingContext } from '../../../lib/context/use-working-context';
import { releaseSummaryQuery, useReleaseWave, wavePreviewQuery } from '../api';
import { EMPTY_BUILDER, toReleaseInput, type WaveBuilderValues } from '../builder-values';
import { ReleaseCountsTable } from '../components/ReleaseCountsTable';
import { WaveBuilder } from '../components/WaveBuilder';
import { WavePreviewPanel } from '../components/WavePreviewPanel';

/**
 * The release screen (1440 px first): today's orders per shipper against its cut-off, the wave builder, the
 * preview of what a release would take, and the release itself, which opens the new wave.
 */
export function ReleasePage() {
  const { warehouse } = useWorkingContext();
  const navigate = useNavigate();
  const [values, setValues] = useState<WaveBuilderValues>(EMPTY_BUILDER);
  const [previewed, setPreviewed] = useState<WaveBuilderValues | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const release = useReleaseWave();
  const warehouseId = warehouse?.id ?? 0;
  const summary = useQuery({ ...releaseSummaryQuery(warehouseId), enabled: warehouseId > 0 });
  const previewInput = previewed ? toReleaseInput(warehouseId, previewed) : null;
  const preview = useQuery({
    ...wavePreviewQuery(previewInput ?? toReleaseInput(warehouseId, EMPTY_BUILDER)),
    enabled: previewInput !== null && warehouseId > 0,
  });

  if (!warehouse) {
    return (
      <Box>
        <PageHeader title="Release Waves" />
        <Alert severity="info">Choose a warehouse in the header to release its orders.</Alert>
      </Box>
    );
  }

  const releaseNow = () => {
    if (!previewInput) return;
    setProblem(null);
    release.mutate(previewInput, {
      onSuccess: (answer) => navigate(`/waves/${answer.data.id}`),
      onError: (failure) => setProblem(failureMessage(failure, 'The wave could not be released')),
    });
  };

  return (
    <Box>
      <PageHeader
        title="Release Waves"
        subtitle={`${warehouse.name}${summary.data ? ` · local time ${summary.data.now_local}` : ''}`}
      />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            Orders today by shipper
          </Typography>
          {summary.isPending && <LoadingState label="Loading counts…" />}
          {summary.isError && <ErrorState message="Failed to load the counts" onRetry={() => void summary.refetch()} />}
          {summary.data && <ReleaseCountsTable summary={summary.data} />}
        </CardContent>
      </Card>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Build a wave
              </Typography>
              <WaveBuilder
                warehouseId={warehouse.id}
                values={values}
                onChange={setValues}
                onPreview={() => {
                  setProblem(null);
                  setPreviewed(values);
                }}
              />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 7 }}>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                Preview
              </Typography>
              {!previewed && (
                <Typography color="text.secondary">Choose the orders to take and press Preview.</Typography>
              )}
              {previewed && preview.isPending && <LoadingState label="Allocating a preview…" />}
              {previewed && preview.isError && (
                <ErrorState
                  message={failureMessage(preview.error, 'The preview failed') ?? 'The preview failed'}
                  onRetry={() => void preview.refetch()}
                />
              )}
              {previewed && preview.data && (
                <WavePreviewPanel
                  preview={preview.data}
                  stale={JSON.stringify(values) !== JSON.stringify(previewed)}
                  releasing={release.isPending}
                  problem={problem}
                  onRelease={releaseNow}
                />
              )}
            </CardContent>
          </Card>
        </Grid>
      </Grid>
    </Box>
  );
}
