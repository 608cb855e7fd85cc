import { createDataProvider } from "./dataProvider";
import { createHttpClient } from "./httpClient";
import type { AppDataProvider } from "./types";

/** The console's ready instances: one httpClient over localStorage and fetch, one dataProvider over it. */
export const httpClient = createHttpClient();
export const dataProvider: AppDataProvider = createDataProvider(httpClient);

export { createDataProvider } from "./dataProvider";
export { createHttpClient, type HttpClient, type HttpResponse, type RequestOptions } from "./httpClient";
export { getSelectedAgencyId, setSelectedAgencyId } from "./agencySelection";
export { prefixPath, isAuthPath } from "./prefix";
export { registry, type ResourceConfig, type ListStyle } from "./registry";
export { ApiError } from "./httpErrors";
export type * from "./types";
