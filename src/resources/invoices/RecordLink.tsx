import { Link } from "@mui/material";
import { Link as RouterLink } from "react-router-dom";
import { resourcePath } from "../paths";

/** A link to a record's page inside a clickable grid row: following it never also opens the row. */
export const RecordLink = ({ resource, id, children }: { resource: string; id: number; children: string }) => (
  <Link component={RouterLink} to={resourcePath.view(resource, id)} onClick={(event) => event.stopPropagation()}>
    {children}
  </Link>
);
