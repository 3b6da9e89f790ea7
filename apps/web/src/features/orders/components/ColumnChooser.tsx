import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import type { OrderColumnChoice } from '../use-order-column-choice';
import type { OrderColumn } from './order-columns';

/** The orders table's column chooser: a menu of the optional columns, each a checkbox. */
export function ColumnChooser({ columns, choice }: { columns: OrderColumn[]; choice: OrderColumnChoice }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const optional = columns.filter((column) => !column.fixed);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<ViewColumnOutlinedIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Columns
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} aria-label="Columns">
        {optional.map((column) => {
          const visible = choice.isVisible(column.id);
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={visible}
              onClick={() => choice.setVisible(column.id, !visible)}
              dense
            >
              {/* An icon, not a checkbox: the menu item itself is the checkbox (no nested controls for axe). */}
              <ListItemIcon sx={{ color: visible ? 'primary.main' : undefined }}>
                {visible ? <CheckBoxIcon fontSize="small" /> : <CheckBoxOutlineBlankIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
        <Divider />
        <MenuItem onClick={() => choice.reset()} disabled={!choice.customised} dense>
          Reset to default
        </MenuItem>
      </Menu>
    </>
  );
}
