import { Button } from '@mui/material';
import { LOCATION_MESSAGES } from '@wms/contract/locations';
import {
  AllOrNothingImportDialog,
  SPREADSHEET_EXTENSIONS,
  SPREADSHEET_MAX_BYTES,
} from '../../../components/AllOrNothingImportDialog';
import { downloadFile } from '../../../lib/api/download';
import type { FileRules } from '../../../lib/files/file-checks';
import { useImportLocations } from '../api';

const FILE_RULES: FileRules = {
  extensions: SPREADSHEET_EXTENSIONS,
  maxBytes: SPREADSHEET_MAX_BYTES,
  tooLargeMessage: LOCATION_MESSAGES.importTooLarge,
  invalidTypeMessage: LOCATION_MESSAGES.importInvalidType,
};

/** All or nothing: a refused file lists every bad row, nothing is imported until the file is clean. */
export function ImportLocationsDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const importLocations = useImportLocations(warehouseId);
  return (
    <AllOrNothingImportDialog
      title="Import Locations"
      intro={
        <>
          One location per row: Code and Zone are required. Every row must be valid; otherwise nothing is imported.{' '}
          <Button
            size="small"
            onClick={() => void downloadFile('/locations/template', 'locations_template.xlsx').catch(() => undefined)}
          >
            Download template
          </Button>
        </>
      }
      fileRules={FILE_RULES}
      fileLabel="Locations spreadsheet"
      importFile={(file) => importLocations.mutateAsync(file)}
      onClose={onClose}
    />
  );
}
