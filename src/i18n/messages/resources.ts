export const resourceMessages = {} as const;
