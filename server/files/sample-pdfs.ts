import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

/**
 * Realistic insurance paperwork for the demo portfolio and tests: a renters policy declarations page and an evidence
 * of insurance certificate, each one page with a real text layer (so text extraction works on them, as on most
 * carriers' PDFs). The layouts are our own; the fields are the ones reviewers check.
 */
export interface PolicyPaperwork {
  carrier: string;
  number: string;
  insureds: string[];
  address: string[];
  effective: string;
  expiration: string;
  /** Dollar amounts by coverage title, e.g. {"Personal Liability": 100000}. */
  coverages: Array<{ title: string; limit: number; deductible?: number }>;
  premium?: number;
  additionalInterest?: string[];
}

const usd = (dollars: number) => `$${dollars.toLocaleString("en-US", { maximumFractionDigits: 0 })}`;
/** yyyy-MM-dd → MM/dd/yyyy, as US carriers print dates. */
const usDate = (ymd: string) => `${ymd.slice(5, 7)}/${ymd.slice(8, 10)}/${ymd.slice(0, 4)}`;

class Sheet {
  y = 750;
  constructor(
    readonly page: PDFPage,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {}

  text(value: string, opts: { x?: number; size?: number; bold?: boolean; gap?: number } = {}) {
    this.page.drawText(value, { x: opts.x ?? 50, y: this.y, size: opts.size ?? 10, font: opts.bold ? this.bold : this.font, color: rgb(0.1, 0.1, 0.12) });
    this.y -= opts.gap ?? (opts.size ?? 10) + 6;
  }

  row(label: string, value: string) {
    this.page.drawText(label, { x: 50, y: this.y, size: 10, font: this.bold });
    this.page.drawText(value, { x: 220, y: this.y, size: 10, font: this.font });
    this.y -= 16;
  }

  rule() {
    this.page.drawLine({ start: { x: 50, y: this.y + 6 }, end: { x: 562, y: this.y + 6 }, thickness: 0.8, color: rgb(0.55, 0.55, 0.6) });
    this.y -= 10;
  }
}

async function sheet(title: string, carrier: string, issued: string): Promise<{ doc: PDFDocument; s: Sheet }> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  // Dated by the paperwork, not the clock: the same policy always gives the same bytes (and the same checksum).
  doc.setCreationDate(new Date(`${issued}T12:00:00Z`));
  doc.setModificationDate(new Date(`${issued}T12:00:00Z`));
  doc.setProducer("Coverdesk demo data");
  const page = doc.addPage([612, 792]);
  const s = new Sheet(page, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  page.drawRectangle({ x: 0, y: 762, width: 612, height: 30, color: rgb(0.16, 0.27, 0.45) });
  page.drawText(carrier.toUpperCase(), { x: 50, y: 772, size: 12, font: s.bold, color: rgb(1, 1, 1) });
  s.y = 730;
  s.text(title, { size: 15, bold: true, gap: 26 });
  return { doc, s };
}

function coverageTable(s: Sheet, coverages: PolicyPaperwork["coverages"]) {
  s.text("COVERAGES AND LIMITS OF LIABILITY", { bold: true, gap: 18 });
  s.page.drawText("Coverage", { x: 50, y: s.y, size: 10, font: s.bold });
  s.page.drawText("Limit", { x: 320, y: s.y, size: 10, font: s.bold });
  s.page.drawText("Deductible", { x: 450, y: s.y, size: 10, font: s.bold });
  s.y -= 16;
  for (const c of coverages) {
    s.page.drawText(c.title, { x: 50, y: s.y, size: 10, font: s.font });
    s.page.drawText(usd(c.limit), { x: 320, y: s.y, size: 10, font: s.font });
    s.page.drawText(c.deductible ? usd(c.deductible) : "-", { x: 450, y: s.y, size: 10, font: s.font });
    s.y -= 15;
  }
  s.y -= 8;
}

export async function declarationsPagePdf(p: PolicyPaperwork): Promise<Uint8Array> {
  const { doc, s } = await sheet("RENTERS INSURANCE POLICY DECLARATIONS", p.carrier, p.effective);
  s.row("Policy Number:", p.number);
  s.row("Policy Period:", `${usDate(p.effective)} to ${usDate(p.expiration)} 12:01 AM standard time`);
  s.row("Named Insured:", p.insureds.join(" and "));
  s.row("Residence Premises:", p.address[0] ?? "");
  for (const line of p.address.slice(1)) s.row("", line);
  s.y -= 6;
  s.rule();
  coverageTable(s, p.coverages);
  if (p.premium !== undefined) s.row("Total Annual Premium:", usd(p.premium));
  if (p.additionalInterest?.length) {
    s.y -= 6;
    s.text("ADDITIONAL INTEREST", { bold: true });
    for (const line of p.additionalInterest) s.text(line);
  }
  s.y = 80;
  s.text("This declarations page is part of your policy. Keep it with your policy documents.", { size: 8 });
  return doc.save();
}

export async function evidenceOfInsurancePdf(p: PolicyPaperwork): Promise<Uint8Array> {
  const { doc, s } = await sheet("EVIDENCE OF RENTERS INSURANCE", p.carrier, p.effective);
  s.text(`Date issued: ${usDate(p.effective)}`, { size: 9 });
  s.rule();
  s.row("Insurance Company:", p.carrier);
  s.row("Policy Number:", p.number);
  s.row("Effective Date:", usDate(p.effective));
  s.row("Expiration Date:", usDate(p.expiration));
  s.row("Insured:", p.insureds.join(", "));
  s.row("Location:", p.address.join(", "));
  s.y -= 6;
  s.rule();
  coverageTable(s, p.coverages);
  if (p.additionalInterest?.length) {
    s.text("CERTIFICATE HOLDER / ADDITIONAL INTEREST", { bold: true });
    for (const line of p.additionalInterest) s.text(line);
  }
  s.y = 80;
  s.text("This certificate is issued as a matter of information only and confers no rights upon the holder.", { size: 8 });
  return doc.save();
}
