/** A lease as the API answers it (server/routes/leases). */
export interface LeaseUser {
  id: number;
  user_id: number;
  email: string;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  birth_date: string | null;
  primary: boolean;
  lessee: boolean;
  moved_in_at: string | null;
  moved_out_at: string | null;
}

export interface Lease {
  id: number;
  reference: string;
  status: "pending" | "current" | "expired";
  start_date: string;
  end_date: string | null;
  sign_date: string | null;
  month_to_month: boolean;
  covered: boolean;
  lease_type_id: number;
  insurable_id: number;
  account_id: number;
  account_title: string | null;
  unit: { id: number; title: string };
  building: { id: number; title: string } | null;
  community: { id: number; title: string } | null;
  lease_users: LeaseUser[];
}
