export const errorsMessages = {} as const;
