import { Box, IconButton, Tooltip } from "@mui/material";
import DensitySmallIcon from "@mui/icons-material/DensitySmall";
import DensityMediumIcon from "@mui/icons-material/DensityMedium";
import { useStore, useTranslate } from "react-admin";
import { ColumnsChooser, type ChooserColumn } from "./ColumnsChooser";
import { GridExportButton } from "./GridExport";
import { SavedViewsButton } from "./SavedViewsButton";

/** The grid kit's bar above every grid (issue 17 section 5): saved views, the column chooser, the row density and the export. */
export const GridToolbar = ({ grid, storeKey, columns }: { grid: string; storeKey: string; columns: ChooserColumn[] }) => {
  const translate = useTranslate();
  const [density, setDensity] = useStore<"small" | "medium">(`${storeKey}_density`, "small");
  const next = density === "small" ? "comfortable" : "compact";
  return (
    <Box sx={{ display: "flex", justifyContent: "flex-end", alignItems: "center", gap: 0.5, px: 1, pt: 0.5 }} data-grid-kit={grid}>
      <SavedViewsButton grid={grid} storeKey={storeKey} />
      <ColumnsChooser storeKey={storeKey} columns={columns} />
      <Tooltip title={translate(`app.grid_kit.density.${next}`)}>
        <IconButton size="small" aria-label={translate(`app.grid_kit.density.${next}`)} onClick={() => setDensity(density === "small" ? "medium" : "small")}>
          {density === "small" ? <DensityMediumIcon fontSize="small" /> : <DensitySmallIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
      <GridExportButton grid={grid} storeKey={storeKey} columns={columns} />
    </Box>
  );
};
