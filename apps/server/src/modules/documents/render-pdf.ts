import { formatAmount } from '@sciwise/contracts';
import PDFDocument from 'pdfkit';
import type { DocumentFacts } from './facts.ts';
import { documentDate } from './issue.ts';

/*
 * Draws a document's PDF from its recorded facts and nothing else, so the same document always
 * renders the same content (the file's dates are the issue date, not the time of download).
 * The standard Helvetica font is used: no font file to ship; it prints text in the Windows-1252
 * set, which covers Western European names, €, £ and typographic quotes. Anything outside it is
 * printed as "?" rather than as a wrong glyph.
 */

const PAGE = { size: 'A4' as const, margin: 56 };
const INK = '#0f172a';
const MUTED = '#475569';
const BRAND = '#1d4ed8';
const RULE = '#cbd5e1';

/** Characters Windows-1252 has beyond Latin-1 (the standard fonts' encoding). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can draw: a minus sign becomes a hyphen, anything else unknown "?". */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\u2212/g, '-')) {
    const code = char.codePointAt(0)!;
    const drawable =
      char === '\n' ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRAS.has(char);
    out += drawable ? char : '?';
  }
  return out;
}

export async function renderDocumentPdf(facts: DocumentFacts): Promise<Buffer> {
  const issued = new Date(facts.issuedAt);
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    info: {
      Title: printable(`${facts.title} ${facts.number}`),
      Author: printable(facts.issuer.name),
      Subject: printable(facts.summary),
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const width = doc.page.width - PAGE.margin * 2;
  const right = left + width;
  const money = (minor: number) => printable(formatAmount(minor, facts.currency));
  const text = (value: string) => printable(value);

  // Header: who issues it on the left; what it is, its number and date on the right.
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND).text(text(facts.issuer.name), left, top);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of facts.issuer.lines) doc.text(text(line), left, doc.y, { width: width / 2 });
  const headerBottom = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(text(facts.title), left, top, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`No. ${text(facts.number)}`, { width, align: 'right' });
  doc.fillColor(MUTED).text(`Issued ${documentDate(issued)}`, { width, align: 'right' });
  doc.y = Math.max(doc.y, headerBottom) + 24;

  // Whom it is addressed to.
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text(facts.recipientLabel).toUpperCase(), left);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(text(facts.recipient.name), { width: width * 0.6 });
  doc.font('Helvetica').fontSize(10);
  for (const line of facts.recipient.lines) doc.text(text(line), { width: width * 0.6 });
  doc.moveDown(1.2);

  // References: contract, milestone, purchase order, cost centre, payment method...
  const labelWidth = 110;
  doc.fontSize(10);
  for (const reference of facts.references) {
    const y = doc.y;
    doc.font('Helvetica').fillColor(MUTED).text(text(reference.label), left, y, { width: labelWidth });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(text(reference.value), left + labelWidth, y, { width: width - labelWidth });
    doc.moveDown(0.25);
  }
  doc.moveDown(1);

  // The lines and the total, amounts right-aligned.
  const amountWidth = 110;
  const descriptionWidth = width - amountWidth - 12;
  const rule = () => {
    doc.moveTo(left, doc.y).lineTo(right, doc.y).lineWidth(0.75).strokeColor(RULE).stroke();
  };
  let y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  doc.text('DESCRIPTION', left, y, { width: descriptionWidth });
  doc.text('AMOUNT', right - amountWidth, y, { width: amountWidth, align: 'right' });
  doc.moveDown(0.4);
  rule();
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of facts.lines) {
    y = doc.y;
    doc.text(text(line.description), left, y, { width: descriptionWidth });
    const below = doc.y;
    doc.text(money(line.amountMinor), right - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = Math.max(below, doc.y) + 6;
  }
  rule();
  doc.moveDown(0.6);
  y = doc.y;
  doc.font('Helvetica-Bold').fontSize(11);
  doc.text(text(facts.total.label), left, y, { width: descriptionWidth });
  doc.text(money(facts.total.amountMinor), right - amountWidth, y, { width: amountWidth, align: 'right' });
  doc.moveDown(1.5);

  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const note of facts.notes) {
    doc.text(text(note), left, doc.y, { width });
    doc.moveDown(0.4);
  }
  doc.moveDown(1);
  doc.text(
    `Amounts in ${facts.currency}. This document was recorded when it was issued and never changes; a correction is issued as a new document that names this one.`,
    left,
    doc.y,
    { width },
  );

  doc.end();
  return finished;
}
