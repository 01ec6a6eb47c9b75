import JSZip from 'jszip';
import { MSG } from '@wanxiang/contract';
import { aigcLabel, AI_PRODUCER } from '../aigc-label';
import { applyTranslations, escapeXmlText, scanUnits, translatable, type OoxmlFlavour, type TranslateMode, type XmlUnit } from './translate-ooxml';

/**
 * A DOCX, PPTX or XLSX translated in place (文档翻译): the parts that hold the reader's text are
 * scanned into paragraphs (translate-ooxml.ts), the paragraphs worth translating become the job's
 * items, and once translated they are written back into the same parts of the same zip. Pictures,
 * tables, styles and every other part are copied untouched. Each result carries the AI-content
 * label: a visible line (Word: the page footer; slides: a small text box on each slide; sheets:
 * the printed page footer) and the implicit label, the custom property AIGC in docProps/custom.xml.
 */

export type OfficeKind = 'docx' | 'pptx' | 'xlsx';

interface PartPlan {
  flavour: OoxmlFlavour;
  match: RegExp;
}

/** The parts whose text the reader sees (comments and speaker-less internals left out). */
const PARTS: Record<OfficeKind, PartPlan[]> = {
  docx: [{ flavour: 'word', match: /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/ }],
  pptx: [{ flavour: 'slide', match: /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/ }],
  xlsx: [
    { flavour: 'sheet', match: /^xl\/sharedStrings\.xml$/ },
    { flavour: 'sheet', match: /^xl\/worksheets\/sheet\d+\.xml$/ },
  ],
};

interface ScannedPart {
  name: string;
  flavour: OoxmlFlavour;
  xml: string;
  units: XmlUnit[];
  /** For each unit: its item index in the job, or -1 (nothing to translate). */
  items: number[];
}

export interface OfficeDocument {
  kind: OfficeKind;
  zip: JSZip;
  parts: ScannedPart[];
  /** The texts to translate, in reading order of the parts. */
  items: string[];
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** Open the file and list what it has to translate. Throws on a file that is not such a zip. */
export async function readOfficeDocument(kind: OfficeKind, data: Buffer): Promise<OfficeDocument> {
  const zip = await JSZip.loadAsync(data);
  const names = Object.keys(zip.files).sort(naturalOrder);
  // Word's body first, then its headers and footers; slides before their notes.
  const first = (n: string) => n === 'word/document.xml' || n.startsWith('ppt/slides/');
  names.sort((a, b) => Number(first(b)) - Number(first(a)));
  const parts: ScannedPart[] = [];
  const items: string[] = [];
  for (const plan of PARTS[kind]) {
    for (const name of names.filter((n) => plan.match.test(n))) {
      const xml = await zip.file(name)!.async('string');
      const units = scanUnits(xml, plan.flavour);
      const idx = units.map((u) => (translatable(u.text) ? items.push(u.text.trim()) - 1 : -1));
      parts.push({ name, flavour: plan.flavour, xml, units, items: idx });
    }
  }
  if (kind === 'docx' && !parts.some((p) => p.name === 'word/document.xml')) throw new Error('not a Word document');
  if (kind === 'pptx' && !names.some((n) => n.startsWith('ppt/'))) throw new Error('not a presentation');
  if (kind === 'xlsx' && !names.some((n) => n.startsWith('xl/'))) throw new Error('not a workbook');
  return { kind, zip, parts, items };
}

/** The translated file: every part written back, labelled, zipped again. */
export async function writeOfficeDocument(doc: OfficeDocument, translations: readonly string[], mode: TranslateMode, contentId: string): Promise<Buffer> {
  const { zip } = doc;
  for (const part of doc.parts) {
    const per = part.items.map((i) => (i >= 0 ? (translations[i] ?? null) : null));
    if (per.every((t) => t === null)) continue;
    zip.file(part.name, applyTranslations(part.xml, part.flavour, part.units, per, mode));
  }
  if (doc.kind === 'docx') await labelWord(zip);
  if (doc.kind === 'pptx') await labelSlides(zip);
  if (doc.kind === 'xlsx') await labelSheets(zip);
  await setAigcProperty(zip, contentId);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 } });
}

const LABEL = MSG.docTranslateLabel;
const CUSTOM_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/custom-properties';
const FOOTER_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer';
const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

async function text(zip: JSZip, name: string): Promise<string | null> {
  return (await zip.file(name)?.async('string')) ?? null;
}

/** Add a content-type override unless the part is already covered. */
async function addOverride(zip: JSZip, partName: string, contentType: string): Promise<void> {
  const types = (await text(zip, '[Content_Types].xml')) ?? '';
  if (types.includes(`PartName="${partName}"`)) return;
  zip.file('[Content_Types].xml', types.replace('</Types>', `<Override PartName="${partName}" ContentType="${contentType}"/></Types>`));
}

/** Add a relationship to a .rels part (created when missing); answers its id. */
async function addRelationship(zip: JSZip, relsName: string, type: string, target: string): Promise<string> {
  const rels = (await text(zip, relsName)) ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  const existing = new RegExp(`<Relationship\\b[^>]*Target="/?${target.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"[^>]*>`).exec(rels);
  if (existing) return /Id="([^"]+)"/.exec(existing[0])![1]!;
  const used = new Set([...rels.matchAll(/Id="([^"]+)"/g)].map((m) => m[1]));
  let n = used.size + 1;
  while (used.has(`rIdAigc${n}`)) n++;
  const id = `rIdAigc${n}`;
  const withRel = /<Relationships\b[^>]*\/>/.test(rels)
    ? rels.replace(/<Relationships\b([^>]*)\/>/, `<Relationships$1><Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`)
    : rels.replace('</Relationships>', `<Relationship Id="${id}" Type="${type}" Target="${target}"/></Relationships>`);
  zip.file(relsName, withRel);
  return id;
}

const labelParagraph = `<w:p><w:pPr><w:jc w:val="center"/></w:pPr><w:r><w:rPr><w:color w:val="808080"/><w:sz w:val="16"/></w:rPr><w:t>${escapeXmlText(LABEL)}</w:t></w:r></w:p>`;

/**
 * Word: the label line in the page footer of every section. A section with a default footer gets
 * the line appended to that footer; the others point at one added footer part holding the line.
 */
async function labelWord(zip: JSZip): Promise<void> {
  let body = (await text(zip, 'word/document.xml'))!;
  const rels = (await text(zip, 'word/_rels/document.xml.rels')) ?? '';
  const targets = new Map([...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [/Id="([^"]+)"/.exec(m[0])?.[1], /Target="([^"]+)"/.exec(m[0])?.[1]]));
  const labelled = new Set<string>();
  let added: string | null = null;
  if (!/<w:sectPr\b/.test(body)) body = body.replace('</w:body>', '<w:sectPr></w:sectPr></w:body>');
  const sections = [...body.matchAll(/<w:sectPr\b[^>]*?(\/?)>/g)].reverse();
  for (const m of sections) {
    const after = body.slice(m.index + m[0].length, m[1] ? m.index + m[0].length : body.indexOf('</w:sectPr>', m.index));
    const ref = /<w:footerReference\b[^>]*w:type="default"[^>]*>/.exec(after);
    const target = ref ? targets.get(/r:id="([^"]+)"/.exec(ref[0])?.[1]) : undefined;
    if (target) {
      const name = `word/${target.replace(/^\/?(word\/)?/, '')}`;
      if (!labelled.has(name)) {
        const footer = await text(zip, name);
        if (footer) zip.file(name, footer.replace(/<\/w:ftr>\s*$/, `${labelParagraph}</w:ftr>`));
        labelled.add(name);
      }
      continue;
    }
    if (!added) {
      added = await addRelationship(zip, 'word/_rels/document.xml.rels', FOOTER_REL, 'footer-aigc.xml');
      zip.file('word/footer-aigc.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr xmlns:w="${W_NS}" xmlns:r="${R_NS}">${labelParagraph}</w:ftr>`);
      await addOverride(zip, '/word/footer-aigc.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml');
    }
    // Footer references come first in a section's properties (the schema's order).
    const reference = `<w:footerReference w:type="default" r:id="${added}"/>`;
    const open = m[1] ? m[0].replace(/\/>$/, '>') : m[0];
    body = body.slice(0, m.index) + open + reference + (m[1] ? '</w:sectPr>' : '') + body.slice(m.index + m[0].length);
  }
  // The root may not declare r: (a document without relationships of its own).
  if (!/xmlns:r=/.test(body.slice(0, body.indexOf('<w:body')))) body = body.replace(/<w:document\b/, `<w:document xmlns:r="${R_NS}"`);
  zip.file('word/document.xml', body);
}

/** Slides: a small grey text box along the bottom edge of each slide. */
async function labelSlides(zip: JSZip): Promise<void> {
  const pres = (await text(zip, 'ppt/presentation.xml')) ?? '';
  const size = /<p:sldSz\b[^>]*cx="(\d+)"[^>]*cy="(\d+)"/.exec(pres);
  const cx = size ? Number(size[1]) : 12_192_000;
  const cy = size ? Number(size[2]) : 6_858_000;
  const h = 320_000;
  const shape = (id: number) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="AIGC Label"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>` +
    `<p:spPr><a:xfrm><a:off x="0" y="${cy - h}"/><a:ext cx="${cx}" cy="${h}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>` +
    `<p:txBody><a:bodyPr wrap="none" lIns="91440" rIns="91440" anchor="ctr"/><a:lstStyle/><a:p><a:pPr algn="r"/><a:r><a:rPr lang="zh-CN" sz="900"><a:solidFill><a:srgbClr val="808080"/></a:solidFill></a:rPr><a:t>${escapeXmlText(LABEL)}</a:t></a:r></a:p></p:txBody></p:sp>`;
  for (const name of Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))) {
    const xml = (await text(zip, name))!;
    const ids = [...xml.matchAll(/<p:cNvPr\b[^>]*\bid="(\d+)"/g)].map((m) => Number(m[1]));
    const id = Math.max(1, ...ids) + 1;
    const at = xml.lastIndexOf('</p:spTree>');
    if (at < 0) continue;
    zip.file(name, xml.slice(0, at) + shape(id) + xml.slice(at));
  }
}

/** Elements a worksheet may have after headerFooter (the schema's order): the footer goes before the first present. */
const AFTER_HEADER_FOOTER = ['rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'];

/** Sheets: the line in the printed page footer of each sheet (kept when the sheet has a footer already). */
async function labelSheets(zip: JSZip): Promise<void> {
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    const xml = (await text(zip, name))!;
    if (/<headerFooter\b/.test(xml)) continue;
    const footer = `<headerFooter><oddFooter>&amp;C${escapeXmlText(LABEL)}</oddFooter></headerFooter>`;
    const positions = AFTER_HEADER_FOOTER.map((tag) => xml.search(new RegExp(`<${tag}[\\s/>]`))).filter((n) => n >= 0);
    const at = positions.length > 0 ? Math.min(...positions) : xml.lastIndexOf('</worksheet>');
    if (at < 0) continue;
    zip.file(name, xml.slice(0, at) + footer + xml.slice(at));
  }
}

/** docProps/custom.xml with the AIGC property (replacing an older one), its relationship and content type. */
export async function setAigcProperty(zip: JSZip, contentId: string): Promise<void> {
  const value = escapeXmlText(JSON.stringify(aigcLabel(contentId)));
  const NS = 'http://schemas.openxmlformats.org/officeDocument/2006/custom-properties';
  const VT = 'http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes';
  let custom = (await text(zip, 'docProps/custom.xml')) ?? `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="${NS}" xmlns:vt="${VT}"></Properties>`;
  custom = custom.replace(/<property\b[^>]*name="AIGC"[^>]*>[\s\S]*?<\/property>/, '');
  const pids = [...custom.matchAll(/pid="(\d+)"/g)].map((m) => Number(m[1]));
  const pid = Math.max(1, ...pids) + 1;
  const prop = `<property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="${pid}" name="AIGC"><vt:lpwstr>${value}</vt:lpwstr></property>`;
  custom = /<Properties\b[^>]*\/>/.test(custom) ? custom.replace(/<Properties\b([^>]*)\/>/, `<Properties$1>${prop}</Properties>`) : custom.replace('</Properties>', `${prop}</Properties>`);
  zip.file('docProps/custom.xml', custom);
  await addRelationship(zip, '_rels/.rels', CUSTOM_REL, 'docProps/custom.xml');
  await addOverride(zip, '/docProps/custom.xml', 'application/vnd.openxmlformats-officedocument.custom-properties+xml');
  // The producer in the app properties too, where the file has them.
  const app = await text(zip, 'docProps/app.xml');
  if (app && /<Application>[^<]*<\/Application>/.test(app)) zip.file('docProps/app.xml', app.replace(/<Application>[^<]*<\/Application>/, `<Application>${AI_PRODUCER}</Application>`));
}
