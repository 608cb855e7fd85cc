import { useState } from "react";
import { Box, Checkbox, FormControlLabel, IconButton, Popover } from "@mui/material";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import ViewWeekIcon from "@mui/icons-material/ViewWeek";
import { Button, useStore, useTranslate } from "react-admin";

export interface ChooserColumn {
  /** DataTable's id of the column: its source, or its label when it has none; null for a column that cannot be hidden. */
  id: string | null;
  label: string;
}

const NONE: string[] = [];

const padRanks = (ranks: number[], length: number) => ranks.concat(Array.from({ length: Math.max(0, length - ranks.length) }, (_, i) => ranks.length + i));

/**
 * The column chooser (issue 17 section 5): show or hide each column and move it up or down; kept in the same store
 * entries DataTable reads (`<storeKey>` hidden ids, `<storeKey>_columnRanks` order), so the grid follows at once and a
 * saved view can carry them. Its list exists only while open, so it never doubles the grid's headers.
 */
export const ColumnsChooser = ({ storeKey, columns, defaultHidden = NONE }: { storeKey: string; columns: ChooserColumn[]; defaultHidden?: string[] }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [hidden, setHidden] = useStore<string[]>(storeKey, defaultHidden);
  const [ranks, setRanks] = useStore<number[] | undefined>(`${storeKey}_columnRanks`);
  const order = padRanks(ranks ?? [], columns.length).filter((index) => index < columns.length);
  const move = (position: number, by: -1 | 1) => {
    const next = [...order];
    const target = position + by;
    if (target < 0 || target >= next.length) return;
    [next[position], next[target]] = [next[target], next[position]];
    setRanks(next);
  };
  const toggle = (id: string) => setHidden(hidden.includes(id) ? hidden.filter((h) => h !== id) : [...hidden, id]);
  return (
    <>
      <Button label="ra.action.select_columns" onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="dialog">
        <ViewWeekIcon />
      </Button>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "left" }}>
        <Box role="group" aria-label={translate("ra.action.select_columns")} sx={{ p: 1, minWidth: 240 }}>
          {order.map((index, position) => {
            const column = columns[index];
            if (!column?.id) return null;
            const id = column.id;
            return (
              <Box key={id} sx={{ display: "flex", alignItems: "center" }}>
                <FormControlLabel sx={{ flex: 1, mr: 0 }} control={<Checkbox size="small" checked={!hidden.includes(id)} onChange={() => toggle(id)} />} label={column.label} />
                <IconButton size="small" aria-label={translate("app.grid_kit.move_up", { name: column.label })} disabled={position === 0} onClick={() => move(position, -1)}>
                  <ArrowUpwardIcon fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label={translate("app.grid_kit.move_down", { name: column.label })} disabled={position === order.length - 1} onClick={() => move(position, 1)}>
                  <ArrowDownwardIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      </Popover>
    </>
  );
};
