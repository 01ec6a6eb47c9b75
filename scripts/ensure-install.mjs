#!/usr/bin/env node
// Installs what a fresh clone needs before `npm start` / `npm test` / `npm run bench`.
// Runs on whatever Node the machine has (plain JS, no dependencies): npm packages from the
// lockfile when node_modules is missing or stale, and with --browser Debian's Chromium and a
// CJK font for the browser tests (Playwright never downloads a browser here), plus LibreOffice
// Impress and Writer (headless), the real readers the slides and resume tests open generated .pptx/.docx files with.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');

function run(cmd, env = {}) {
  console.log(`[setup] ${cmd}`);
  execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function npmPackagesStale() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return true;
  if (!existsSync(join(root, 'node_modules', '.bin', 'node'))) return true;
  return statSync(join(root, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs + 1000;
}

if (npmPackagesStale()) {
  run('npm ci --no-audit --no-fund', { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' });
}

function hasFonts() {
  try {
    const fonts = execSync('fc-list', { encoding: 'utf8' });
    // Chinese text, and the emoji some spec messages carry (数据格式错误 🙅), must not show as boxes.
    return /Noto (Sans|Serif) CJK/i.test(fonts) && /Noto Color Emoji/i.test(fonts);
  } catch {
    return false;
  }
}

// Writer too: AI简历 converts its DOCX to PDF with it (its test checks the PDF where Writer is there).
// Calc too: translated spreadsheets are opened by it in the document translation tests.
const hasOffice = () =>
  (existsSync('/usr/bin/soffice') || existsSync('/usr/bin/libreoffice')) &&
  existsSync('/usr/lib/libreoffice/program/libswlo.so') &&
  existsSync('/usr/lib/libreoffice/program/libsclo.so');
// poppler-utils: PDF pages to images and PDF facts (pdftoppm, pdfinfo) for the PDF tools.
const hasPoppler = () => existsSync('/usr/bin/pdftoppm') && existsSync('/usr/bin/pdfinfo');
// The media tools (voice, music, video): ffmpeg/ffprobe for every cut, mix, subtitle and label, sox for
// the demo melody, espeak-ng for demo speech, fpcalc (Chromaprint) for music recognition. The server
// runs them as processes; the media tests need them, and so does the demo mode of a fresh clone.
const MEDIA_BINARIES = ['/usr/bin/ffmpeg', '/usr/bin/ffprobe', '/usr/bin/sox', '/usr/bin/espeak-ng', '/usr/bin/fpcalc'];
const hasMedia = () => MEDIA_BINARIES.every((b) => existsSync(b));

if (!hasMedia()) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run(`${sudo}apt-get update -qq`, env);
  run(`${sudo}apt-get install -y -qq ffmpeg sox libsox-fmt-mp3 espeak-ng libchromaprint-tools`, env);
}

if (wantBrowser && (!existsSync('/usr/bin/chromium') || !hasFonts() || !hasOffice() || !hasPoppler())) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  run(`${sudo}apt-get update -qq`, env);
  run(`${sudo}apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji libreoffice-impress-nogui libreoffice-writer-nogui libreoffice-calc-nogui poppler-utils`, env);
}
