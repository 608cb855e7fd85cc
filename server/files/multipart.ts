import type { Multipart } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/errors";

/** 400: the body claims to be multipart/form-data but is not well formed (cut short, broken headers, no boundary). */
export class MalformedFormError extends AppError {
  constructor() {
    super(400, { error: "bad_request", message: "The form could not be read" });
  }
}

/**
 * The parts of a multipart request, in order. A broken body surfaces from the parser as a plain error; it is the
 * caller's fault, so it becomes a 400 (the plugin's own limits keep their 413). Errors thrown while a part is being
 * handled are not caught here.
 */
export async function* formParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  const parts = request.parts()[Symbol.asyncIterator]();
  while (true) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (error) {
      throw fromParser(error);
    }
    if (next.done) return;
    if (next.value.type === "file") {
      // The whole body may be parsed already (a small request): then the file holds its error before anyone reads it.
      const { file } = next.value;
      if (file.errored) asClientError(file.errored as Error);
      else file.once("error", asClientError);
    }
    yield next.value;
  }
}

/**
 * A body cut short inside a file surfaces as an error of that file's stream, in whatever reads it (the file store):
 * the caller's fault, so it is marked 400 before the reader sees it (the same error object travels on).
 */
function asClientError(error: Error & { statusCode?: number }) {
  if (error.statusCode) return; // the plugin's own limits (413) keep their status
  error.statusCode = 400;
  malformed.add(error);
}

const malformed = new WeakSet<Error>();

/** The answer for an error a file of a broken form raised, wherever it was thrown; undefined for any other error. */
export const malformedFormAnswer = (error: unknown): MalformedFormError | undefined =>
  error instanceof Error && malformed.has(error) ? new MalformedFormError() : undefined;

/** A parser error as the answer it deserves: the plugin's statuses kept, anything else a 400. */
export function fromParser(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  return status && status < 500 ? error : new MalformedFormError();
}
