import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { ValidationError } from "../lib/errors";
import type { Attachable } from "./documents";
import { fromParser } from "./multipart";
import { FileTooLargeError, type FileStore, type StoredFile } from "./store";

/**
 * Upload checks done on the bytes, not the name or the browser's word (DESIGN.md: uploads are checked on the
 * server): the type is recognised from the file's first bytes, the size is counted while streaming (the upload is
 * aborted past the limit), and an empty file is refused. Nothing is held whole in memory.
 */
export type FileKind = "pdf" | "png" | "jpeg" | "gif" | "webp" | "xlsx" | "svg";

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  // A zip: the spreadsheet reader then opens it as a workbook or refuses it (rent-guarantee mass import).
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  svg: "image/svg+xml",
};

export const PDF_ONLY: FileKind[] = ["pdf"];
export const PDF_OR_IMAGE: FileKind[] = ["pdf", "png", "jpeg", "gif", "webp"];
/** Images of document 3 section 5 ("images allow jpeg, png, svg"): logos. */
export const IMAGE_ONLY: FileKind[] = ["jpeg", "png", "svg"];

export function detectKind(head: Buffer): FileKind | null {
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (head.subarray(0, 4).toString("latin1") === "GIF8") return "gif";
  if (head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP") return "webp";
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return "xlsx";
  // SVG is text: an XML declaration or the svg element first (after a byte-order mark or blanks). Whether it really
  // is an SVG, and a safe one, is decided on the whole file (checkSvg).
  const start = head.toString("utf8").replace(/^\uFEFF/, "").trimStart();
  if (/^<\?xml[\s?]/.test(start) || /^<svg[\s>]/.test(start) || start === "<svg" || start === "<?xml") return "svg";
  return null;
}

class WrongTypeError extends Error {}

/** Passes bytes through once the first 12 show an allowed kind; fails the stream otherwise. */
function sniffing(allowed: FileKind[], found: { kind?: FileKind }) {
  let head = Buffer.alloc(0);
  let decided = false;
  const decide = (stream: Transform) => {
    decided = true;
    const kind = detectKind(head);
    if (!kind || !allowed.includes(kind)) return new WrongTypeError();
    found.kind = kind;
    stream.push(head);
    return null;
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (decided) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < 12) return done();
      done(decide(this) ?? undefined);
    },
    flush(done) {
      if (!decided && head.length > 0) return done(decide(this) ?? undefined);
      done();
    },
  });
}

export interface CheckedUpload extends StoredFile {
  kind: FileKind;
  contentType: string;
}

/**
 * Streams one uploaded file into the store, checking kind and size on the way. Bad files become a 422 naming
 * `field`, with the spec's messages ('Not Allowed File extension', 'Max file size is N MB'), and leave nothing behind.
 */
export async function storeCheckedUpload(
  store: FileStore,
  owner: Pick<Attachable, "type">,
  body: Readable,
  opts: { field: string; allowed: FileKind[]; maxMb: number },
): Promise<CheckedUpload> {
  const found: { kind?: FileKind } = {};
  let stored: StoredFile;
  const sniff = sniffing(opts.allowed, found);
  // The store's pipeline reports the failure; this listener only stops a second copy of it surfacing as unhandled.
  sniff.on("error", () => undefined);
  // pipe() does not carry a failure of the body on: a body that breaks off (a multipart form cut short, perhaps
  // before this call) would leave the store waiting for an end that never comes. It is the sender's fault: a 400.
  let bodyError: Error | null = body.errored;
  const forward = (error: Error) => sniff.destroy((bodyError = error));
  if (bodyError) forward(bodyError);
  else body.once("error", forward);
  try {
    stored = await store.put(owner.type.toLowerCase(), body.pipe(sniff), { maxBytes: opts.maxMb * 1024 * 1024 });
  } catch (error) {
    body.off("error", forward);
    body.resume();
    if (bodyError) throw fromParser(bodyError);
    if (error instanceof WrongTypeError) throw new ValidationError({ [opts.field]: "Not Allowed File extension" }, "Not Allowed File extension");
    if (error instanceof FileTooLargeError) throw new ValidationError({ [opts.field]: `Max file size is ${opts.maxMb} MB` }, `Max file size is ${opts.maxMb} MB`);
    throw error;
  }
  if (stored.byteSize === 0 || !found.kind) {
    await store.remove(stored.key);
    throw new ValidationError({ [opts.field]: "The file is empty" }, "The file is empty");
  }
  if (found.kind === "svg") {
    const problem = svgProblem(await readAll(await store.open(stored.key)));
    if (problem) {
      await store.remove(stored.key);
      throw new ValidationError({ [opts.field]: problem }, problem);
    }
  }
  return { ...stored, kind: found.kind, contentType: CONTENT_TYPES[found.kind] };
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export const SVG_NOT_AN_IMAGE = "Not Allowed File extension";
export const SVG_UNSAFE = "SVG images with scripts, event handlers or external content are not allowed";

/**
 * Why an uploaded SVG is refused, or null when it is a plain drawing. A logo is shown on public lead pages and opened
 * by its link: an SVG that runs script there would run it on our origin, so anything that can run or fetch (script,
 * on* handlers, javascript: links, foreignObject, entities, references to other documents) is refused rather than
 * cleaned, and the uploader is told why. The text is at most the upload limit (10 MB).
 */
export function svgProblem(text: string): string | null {
  const body = text.replace(/^\uFEFF/, "");
  if (!/<svg[\s>]/i.test(body)) return SVG_NOT_AN_IMAGE;
  const unsafe = [
    /<script[\s>/]/i,
    /<!ENTITY/i,
    /<!DOCTYPE[^>]*\[/i,
    /<foreignObject[\s>/]/i,
    /<(iframe|embed|object|audio|video|handler|listener)[\s>/]/i,
    /\son[a-z]+\s*=/i,
    /(java|vb)script\s*:/i,
    /data\s*:\s*text\/html/i,
    /(xlink:)?href\s*=\s*["']\s*(?!#)[^"']*:/i,
    /<\?xml-stylesheet/i,
    /@import/i,
    /url\(\s*["']?\s*(?!#)[^)]*:/i,
  ];
  return unsafe.some((pattern) => pattern.test(body)) ? SVG_UNSAFE : null;
}
