/** One request's page (issue 10 section 1): /dashboard/change-requests/{id}. */
export const changeRequestPath = (id: number | string) => `/dashboard/change-requests/${id}`;
