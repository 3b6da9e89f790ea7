import { Box, LinearProgress, Typography } from '@mui/material';

interface PickProgressProps {
  waveNumber: string;
  tasksDone: number;
  tasksTotal: number;
  unitsDone: number;
  unitsTotal: number;
}

/** Always on top of the handheld screen: which wave, how many tasks and units are done. */
export function PickProgress({ waveNumber, tasksDone, tasksTotal, unitsDone, unitsTotal }: PickProgressProps) {
  const percent = tasksTotal === 0 ? 100 : Math.round((tasksDone / tasksTotal) * 100);
  return (
    <Box data-testid="pick-progress" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{waveNumber}</Typography>
        <Typography>
          Task {Math.min(tasksDone + 1, tasksTotal)} of {tasksTotal} · {unitsDone} / {unitsTotal} units
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={`${waveNumber}: ${tasksDone} of ${tasksTotal} tasks done`}
        sx={{ height: 10, borderRadius: 5, mt: 0.5 }}
      />
    </Box>
  );
}
