import type { SvgIconProps } from "@mui/material";
import type { ComponentType } from "react";

/**
 * An icon that points along the reading direction (back, next, a breadcrumb's separator): drawn as is left to right,
 * mirrored right to left (document 1 section 2.3). Icons that show a thing rather than a way (a pin, a mail) never flip.
 */
export function DirectionalIcon({ icon: Icon, sx, ...props }: SvgIconProps & { icon: ComponentType<SvgIconProps> }) {
  return <Icon {...props} sx={[(theme) => (theme.direction === "rtl" ? { transform: "scaleX(-1)" } : {}), ...(Array.isArray(sx) ? sx : [sx])]} />;
}
