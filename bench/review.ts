import { sql } from "drizzle-orm";
import type { Db } from "../server/db/client";
import { selectRows } from "../server/db/seed/query";
import { declarationsPagePdf, evidenceOfInsurancePdf } from "../server/files/sample-pdfs";
import { extractProof, suggestedReasons } from "../server/review/extract-proof";
import { pdfLines } from "../server/review/pdf-text";
import type { AuthHeaders } from "./client";
import { percentile, type Run } from "./measure";

/**
 * The review part of `npm run bench` (issue 4): the DMR list and the Policy Review queue over 100,000 files and
 * proofs, the upload of a 10 MB PDF (time, and the process's peak memory: the file is streamed, never held whole),
 * and assisted extraction (time per PDF, share of fields read correctly on generated carrier paperwork).
 */

const QUEUE_SIZE = 100_000;
const mb = (bytes: number) => Math.round(bytes / 1048576);

async function call(base: string, path: string, auth: AuthHeaders, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? "GET",
    headers: { ...auth, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${init.method ?? "GET"} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text;
}

/** A deterministic PRNG so the extraction sample is the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** The queue's rows: files, proofs awaiting review, pending updates. */
async function setUp(db: Db) {
  await db.execute(sql`INSERT INTO checked_files (name, checksum, storage_key, byte_size, source, processed, updated_at)
    SELECT 'scan-' || g || '.pdf', md5('bench-' || g), 'bench/none', 1000, 'folder', g % 3 = 0, now() - g * interval '1 minute'
    FROM generate_series(1, ${QUEUE_SIZE}) g`);
  // Pending updates on 5,000 proofs, so the queue mixes both kinds of item (its order looks at each revision's age).
  await db.execute(sql`INSERT INTO policy_revisions (policy_id, changes, submitted_by_type, submitted_by_id, created_at, updated_at)
    SELECT id, '{}'::jsonb, 'Staff', 1, now() - (id % 5000) * interval '1 minute', now()
    FROM (SELECT id FROM policies WHERE NOT policy_in_system ORDER BY id DESC LIMIT 5000) p`);
  await db.execute(sql`UPDATE policies SET status = 'EXTERNAL_UNVERIFIED'
    WHERE id IN (SELECT id FROM policies WHERE NOT policy_in_system ORDER BY id LIMIT ${QUEUE_SIZE})`);
  // Settled as autovacuum leaves them (the seed does the same): with autovacuum off, as on the bench machine, the
  // planner kept the empty table's statistics of checked_files and its first timings read 100,000 files per search.
  await db.execute(sql`VACUUM ANALYZE checked_files, policy_revisions, policies`);
}

export async function benchReview(opts: { db: Db; base: string; admin: AuthHeaders; run: Run }) {
  const { db, base, admin, run } = opts;

  // 100,000 queued files (rows; their bytes are not needed to list them) and 100,000 proofs awaiting review, made once
  // (a kept database already has them).
  const [{ n: queued }] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM checked_files WHERE storage_key = 'bench/none'`);
  if (queued === 0) await setUp(db);

  const dmr = "/v2/staff_super_admin/dmr/checked_files";
  // The true last page (the list's own total may stop at the count's cap).
  const [{ n: dmrTotal }] = await selectRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM checked_files WHERE NOT processed`);
  await run("review", "DMR list, unprocessed, page 1", () => call(base, `${dmr}?filter[status]=unprocessed&pagination[page]=1&pagination[per]=10`, admin));
  await run("review", "DMR list, unprocessed, page 2,000", () => call(base, `${dmr}?filter[status]=unprocessed&pagination[page]=2000&pagination[per]=10`, admin));
  await run("review", `DMR list, unprocessed, last page (${Math.ceil(dmrTotal / 10)})`, () => call(base, `${dmr}?filter[status]=unprocessed&pagination[page]=${Math.ceil(dmrTotal / 10)}&pagination[per]=10`, admin));
  for (const [kind, term] of [["common", "scan-4"], ["rare", "scan-42424."], ["absent", "nothing-here"]]) {
    await run("review", `DMR list, name search (${kind})`, () => call(base, `${dmr}?search=${encodeURIComponent(term)}&pagination[per]=10`, admin));
  }
  const queue = (body: object) => call(base, "/v2/staff_super_admin/review_queue/list", admin, { method: "POST", body });
  await run("review", "Policy Review queue, page 1 (oldest first)", () => queue({ pagination: { page: 1, per: 50 } }));
  for (const [kind, term] of [["common", "smith"], ["rare", "hiroshi okafor"], ["absent", "zzqx"], ["number", "000012"]]) {
    await run("review", `Policy Review queue, search (${kind})`, () => queue({ filter: { search: term }, pagination: { page: 1, per: 50 } }));
  }

  // A 10 MB PDF through the DMR upload: time and this process's peak memory while the server streams it to disk.
  const uploads: number[] = [];
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  for (let i = 0; i < 3; i++) {
    const bytes = Buffer.alloc(10 * 1024 * 1024, 0x20);
    bytes.write(`%PDF-1.4\n% bench upload ${i} ${Date.now()}\n`, 0, "latin1");
    const form = new FormData();
    form.append("files", new Blob([bytes], { type: "application/pdf" }), `big-${i}.pdf`);
    const started = performance.now();
    const res = await fetch(`${base}${dmr}`, { method: "POST", headers: admin, body: form });
    await res.text();
    if (res.status >= 300) throw new Error(`10 MB upload answered ${res.status}`);
    uploads.push(performance.now() - started);
  }
  clearInterval(sampler);
  uploads.sort((a, b) => a - b);
  const upload = { file_mb: 10, median_ms: Math.round(percentile(uploads, 50)), rss_before_mb: mb(rssBefore), peak_rss_mb: mb(peak) };
  console.log(`  10 MB PDF upload: median ${upload.median_ms} ms, RSS ${upload.rss_before_mb} → peak ${upload.peak_rss_mb} MB (client and server in this process)`);

  // Assisted extraction on carrier paperwork with known values.
  const random = rng(20261123);
  const pick = <T,>(items: T[]) => items[Math.floor(random() * items.length)];
  const carriers = ["Lemonade", "State Farm", "Assurant", "QBE Insurance", "Toggle"];
  const firsts = ["Ann", "Bo", "Carla", "Dev", "Elena", "Farid", "Grace"];
  const lasts = ["Lee", "Park", "Nguyen", "Garcia", "Okafor", "Smith"];
  const streets = ["12 Elm Street", "400 Oak Avenue", "7 Harbor Road", "1550 Sunset Boulevard"];
  let fields = 0;
  let correct = 0;
  // Address and unit checks: a quarter of the paperwork prints another unit, a quarter another street.
  let locationRight = 0;
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const year = 2025 + Math.floor(random() * 2);
    const month = 1 + Math.floor(random() * 12);
    const effective = `${year}-${String(month).padStart(2, "0")}-${String(1 + Math.floor(random() * 27)).padStart(2, "0")}`;
    const expiration = `${year + 1}${effective.slice(4)}`;
    const insured = `${pick(firsts)} ${pick(lasts)}`;
    const truth = { number: `HO${100000 + Math.floor(random() * 899999)}`, carrier: pick(carriers), effective, expiration, liability: pick([30_000, 100_000, 300_000]), insured };
    const street = pick(streets);
    const unit = `Apt ${1 + Math.floor(random() * 30)}${pick(["", "A", "B"])}`;
    const mismatch = i % 4 === 1 ? "r4" : i % 4 === 3 ? "r3" : null;
    const printedStreet = mismatch === "r3" ? streets[(streets.indexOf(street) + 1) % streets.length] : street;
    const printedUnit = mismatch === "r4" ? `Apt ${100 + i}` : unit;
    const paperwork = { carrier: truth.carrier, number: truth.number, insureds: [insured], address: [`${printedStreet}, ${printedUnit}`, "Austin, TX 78701"], effective, expiration, coverages: [{ title: "Personal Property", limit: 20_000 }, { title: "Personal Liability", limit: truth.liability }] };
    const pdf = i % 2 ? await evidenceOfInsurancePdf(paperwork) : await declarationsPagePdf(paperwork);
    const started = performance.now();
    const found = extractProof(await pdfLines(pdf));
    times.push(performance.now() - started);
    const checks = [
      found.number === truth.number,
      found.carrier?.toLowerCase() === truth.carrier.toLowerCase(),
      found.effective_date === truth.effective,
      found.expiration_date === truth.expiration,
      found.liability_limit === truth.liability * 100,
      `${found.insureds[0]?.first_name} ${found.insureds[0]?.last_name}` === truth.insured,
    ];
    fields += checks.length;
    correct += checks.filter(Boolean).length;
    const location = suggestedReasons(found, { today: "2000-01-01", minimumLiability: 0, premises: { street, unit } });
    if (JSON.stringify(location) === JSON.stringify(mismatch ? [mismatch] : [])) locationRight++;
  }
  times.sort((a, b) => a - b);
  const extraction = { pdfs: 40, median_ms: Math.round(percentile(times, 50) * 10) / 10, p95_ms: Math.round(percentile(times, 95) * 10) / 10, fields_correct: `${correct}/${fields}`, share_correct: Math.round((correct / fields) * 1000) / 10, address_unit_checks_right: `${locationRight}/40` };
  console.log(`  assisted extraction: median ${extraction.median_ms} ms per PDF, p95 ${extraction.p95_ms} ms; fields read correctly ${extraction.fields_correct} (${extraction.share_correct}%); address/unit suggestions right ${locationRight}/40`);
  return { upload, extraction };
}
