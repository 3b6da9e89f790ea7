import { PICK_FACE_SHEET_COLUMNS, REPLENISHMENT_MESSAGES } from '@wms/contract/replenishment';
import {
  AllOrNothingImportDialog,
  SPREADSHEET_EXTENSIONS,
  SPREADSHEET_MAX_BYTES,
} from '../../../components/AllOrNothingImportDialog';
import type { FileRules } from '../../../lib/files/file-checks';
import { useImportPickFaces } from '../api';

const FILE_RULES: FileRules = {
  extensions: SPREADSHEET_EXTENSIONS,
  maxBytes: SPREADSHEET_MAX_BYTES,
  tooLargeMessage: REPLENISHMENT_MESSAGES.importTooLarge,
  invalidTypeMessage: REPLENISHMENT_MESSAGES.importInvalidType,
};

/** As the locations import: all or nothing, a refused file lists every bad row. */
export function ImportPickFacesDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const importFaces = useImportPickFaces(warehouseId);
  return (
    <AllOrNothingImportDialog
      title="Import pick faces"
      intro={
        <>
          One pick face per row, columns {PICK_FACE_SHEET_COLUMNS.join(', ')} (Account only where a SKU is held for
          several accounts). Faces named are added or updated, others stay. Every row must be valid; otherwise nothing
          is imported. The export has the same columns.
        </>
      }
      fileRules={FILE_RULES}
      fileLabel="Pick faces spreadsheet"
      importFile={(file) => importFaces.mutateAsync(file)}
      onClose={onClose}
    />
  );
}
