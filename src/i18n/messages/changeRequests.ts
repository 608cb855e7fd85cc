/** app.change_requests.*: texts of this area, spec texts verbatim. */
export const changeRequestsMessages = {};
