import { StaffEditFor } from "../staff/StaffEdit";
import { StaffShowFor } from "../staff/StaffShow";

/** agents/view/{id} and its edit: the staff page and form, under the agents' URLs and key. */
export const AgentShow = () => <StaffShowFor screen="agents" />;
export const AgentEdit = () => <StaffEditFor screen="agents" />;
