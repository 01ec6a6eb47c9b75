// Checks of the Dockerfile and .dockerignore (scripts/check-deploy.mjs): dockerfile-utils (the
// validator of the VS Code Docker extension's language server) for what the Docker builder would
// refuse, then our rules: pinned base images on the lockfile's Node, a non-root user, a health check,
// no ADD from URLs, the programs the tools run, the command `npm run serve` runs.
import { DockerfileParser } from 'dockerfile-ast';
import { validate } from 'dockerfile-utils';

/** Debian packages the server's tools run at request time, and why (docs/deploy.md). */
export const RUNTIME_PACKAGES = {
  ffmpeg: 'ffmpeg/ffprobe: every media cut, mix, subtitle and AIGC label',
  sox: 'demo melodies and audio edits',
  'libsox-fmt-mp3': 'sox reading and writing MP3',
  'espeak-ng': 'demo speech',
  'libchromaprint-tools': 'fpcalc for music recognition',
  'poppler-utils': 'pdftoppm/pdftotext/pdfinfo for the PDF tools',
  'libreoffice-writer-nogui': 'Word to PDF and PDF to Word',
  'fonts-noto-cjk': 'the Chinese 「AI生成」 marks and the words the design tools set',
};

/** What the build context must leave out: installs, secrets, local data. */
const IGNORED = ['**/node_modules', '.git', '.env', 'deploy/app.env', 'data'];

const FLOATING_TAGS = new Set(['latest', 'stable', 'edge', 'nightly', 'lts', 'current']);
const REMOTE = /^(?:https?|ftp|git):\/\/|^git@/;

const words = (instruction) => instruction.getArguments().map((a) => a.getValue());
/** JSON (exec) form of CMD/ENTRYPOINT/VOLUME as a list; null for the shell form. */
function jsonForm(instruction) {
  try {
    const v = JSON.parse(instruction.getArgumentsContent() ?? '');
    return Array.isArray(v) ? v.map(String) : null;
  } catch {
    return null;
  }
}

export function checkDockerfile({ text, dockerignoreText, nodeVersion, serveCommand }) {
  const problems = [];
  const at = (instruction) => `Dockerfile:${instruction.getRange().start.line + 1}`;
  for (const d of validate(text)) problems.push(`Dockerfile:${d.range.start.line + 1}: ${d.message} (dockerfile-utils)`);

  const dockerfile = DockerfileParser.parse(text);
  const instructions = dockerfile.getInstructions();
  const froms = dockerfile.getFROMs();
  if (froms.length === 0) return [...problems, 'Dockerfile: no FROM'];

  const stages = new Set();
  for (const from of froms) {
    const image = from.getImageName();
    if (image && !stages.has(image)) {
      const tag = from.getImageTag();
      if (!from.getImageDigest()) {
        if (!tag) problems.push(`${at(from)}: FROM ${image} has no tag: pin a version`);
        else if (FLOATING_TAGS.has(tag.toLowerCase())) problems.push(`${at(from)}: FROM ${image}:${tag} floats: pin a version`);
      }
      if (image === 'node' && nodeVersion && !(tag === nodeVersion || tag?.startsWith(`${nodeVersion}-`))) {
        problems.push(
          `${at(from)}: FROM node:${tag} is not the Node the lockfile pins (npm's node package ${nodeVersion}): the image would run another release than npm run serve does`,
        );
      }
    }
    if (from.getBuildStage()) stages.add(from.getBuildStage());
  }

  for (const add of instructions.filter((i) => i.getKeyword() === 'ADD')) {
    const remote = words(add).find((w) => REMOTE.test(w));
    if (remote)
      problems.push(
        `${at(add)}: ADD ${remote}: no downloads in the build (unpinned, unchecked); install from a package or COPY a checked file`,
      );
  }

  // The final stage: everything after the last FROM.
  const lastFrom = froms[froms.length - 1];
  const final = instructions.filter((i) => i.getRange().start.line > lastFrom.getRange().start.line);
  const ofKind = (k) => final.filter((i) => i.getKeyword() === k);

  const users = ofKind('USER');
  const user = users.length ? words(users[users.length - 1])[0] : 'root';
  if (/^(root|0)(:.*)?$/.test(user ?? 'root')) {
    problems.push(`Dockerfile: the final stage runs as ${users.length ? user : 'root (no USER)'}: add a USER that is not root`);
  }

  const checks = ofKind('HEALTHCHECK');
  if (checks.length === 0) problems.push('Dockerfile: the final stage has no HEALTHCHECK (the server answers GET /api/health)');
  else if (/^\s*NONE\b/i.test(checks[checks.length - 1].getArgumentsContent() ?? ''))
    problems.push(`${at(checks[checks.length - 1])}: HEALTHCHECK NONE`);

  const cmds = ofKind('CMD');
  const cmd = cmds.length ? jsonForm(cmds[cmds.length - 1]) : null;
  if (!cmd) problems.push('Dockerfile: the final stage needs a CMD in exec form (JSON), so signals reach node');
  else if (serveCommand && cmd.join(' ') !== serveCommand.join(' ')) {
    problems.push(
      `${at(cmds[cmds.length - 1])}: CMD ${JSON.stringify(cmd)} is not npm run serve's command ${JSON.stringify(serveCommand)}`,
    );
  }

  const installed = new Set(
    ofKind('RUN')
      .map((r) => r.getArgumentsContent() ?? '')
      .filter((t) => /apt-get\s+install/.test(t))
      .flatMap((t) => t.split(/\s+/)),
  );
  for (const [pkg, why] of Object.entries(RUNTIME_PACKAGES)) {
    if (!installed.has(pkg)) problems.push(`Dockerfile: the final stage does not apt-get install ${pkg} (${why})`);
  }

  const env = new Map(ofKind('ENV').flatMap((e) => e.getProperties().map((p) => [p.getName(), p.getValue()])));
  const dataDir = env.get('DATA_DIR');
  const volumes = ofKind('VOLUME').flatMap((v) => jsonForm(v) ?? words(v));
  if (!dataDir) problems.push('Dockerfile: the final stage sets no DATA_DIR (where PGlite and local files live)');
  else if (!volumes.includes(dataDir))
    problems.push(`Dockerfile: DATA_DIR ${dataDir} is not a VOLUME: its data would die with the container`);

  if (dockerignoreText === null) problems.push('.dockerignore is missing: node_modules, .git and secrets would enter the build context');
  else {
    const entries = new Set(dockerignoreText.split('\n').map((l) => l.trim()));
    for (const entry of IGNORED) if (!entries.has(entry)) problems.push(`.dockerignore does not leave out ${entry}`);
  }
  return problems;
}
