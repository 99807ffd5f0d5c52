/**
 * The fonts a PDF export draws with, and which one draws each character. A PDF carries its own
 * fonts, so the server brings them: Noto Sans (Latin, Greek, Cyrillic, Vietnamese), Noto Sans
 * Arabic, Noto Sans Hebrew and Noto Emoji (black and white), from the @fontsource packages, as WOFF
 * (fontkit cuts WOFF into the PDF's subset rightly; its WOFF2 subsets come out blank). Text is cut
 * into runs, each in the first font that has its characters; a run of Arabic is shaped and laid
 * right to left by fontkit. Characters none of them carries (Chinese, Thai…) are counted so the
 * PDF can say the Word file keeps them. Read from disk on the first export, then kept (≈ 4 MB).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';

interface Face {
  /** The pdfmake family name. */
  family: string;
  pkg: string;
  /** The file name's middle: 'latin' in noto-sans-latin-400-normal.woff. */
  subset: string;
  /** Whether the package has a bold (700) and italic cut of this subset. */
  bold: boolean;
  italic: boolean;
}

const sans = (subset: string): Face => ({
  family: `Sans-${subset}`,
  pkg: 'noto-sans',
  subset,
  bold: true,
  italic: true,
});
const EMOJI_SUBSETS = ['emoji', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];

/** In the order a character looks for its font: the first that has it draws it. */
const FACES: readonly Face[] = [
  ...['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'].map(
    sans,
  ),
  { family: 'Arabic', pkg: 'noto-sans-arabic', subset: 'arabic', bold: true, italic: false },
  { family: 'Hebrew', pkg: 'noto-sans-hebrew', subset: 'hebrew', bold: true, italic: false },
  ...EMOJI_SUBSETS.map((subset) => ({
    family: `Emoji-${subset}`,
    pkg: 'noto-emoji',
    subset,
    bold: false,
    italic: false,
  })),
];

/** The main font: spaces, punctuation and characters no font has are drawn in it. */
export const BASE_FAMILY = FACES[0]!.family;

export interface LoadedFonts {
  /** For pdfmake: each family's four cuts, by file name. */
  families: Record<string, { normal: string; bold: string; italics: string; bolditalics: string }>;
  /** Each file's bytes, by name. */
  files: Map<string, Buffer>;
  /** The family that draws a code point, or null when none does. */
  familyOf(codePoint: number): string | null;
  /** Whether a family has a code point. */
  has(family: string, codePoint: number): boolean;
  /** A text's width in points at a size, in the family's regular cut. */
  widthOf(text: string, family: string, size: number): number;
}

const require = createRequire(import.meta.url);
const packageDir = (pkg: string) => dirname(require.resolve(`@fontsource/${pkg}/LICENSE`));

const fileName = (face: Face, weight: 400 | 700, style: 'normal' | 'italic') =>
  `${face.pkg}-${face.subset}-${weight}-${style}.woff`;

let loaded: LoadedFonts | undefined;

export function pdfFonts(): LoadedFonts {
  if (loaded) return loaded;
  const families: LoadedFonts['families'] = {};
  const files = new Map<string, Buffer>();
  const regular: { family: string; font: fontkit.Font }[] = [];
  for (const face of FACES) {
    const normal = fileName(face, 400, 'normal');
    const bold = face.bold ? fileName(face, 700, 'normal') : normal;
    const italics = face.italic ? fileName(face, 400, 'italic') : normal;
    const bolditalics = face.italic && face.bold ? fileName(face, 700, 'italic') : bold;
    families[face.family] = { normal, bold, italics, bolditalics };
    for (const name of new Set([normal, bold, italics, bolditalics]))
      files.set(name, readFileSync(join(packageDir(face.pkg), 'files', name)));
    regular.push({ family: face.family, font: fontkit.create(files.get(normal)!) as fontkit.Font });
  }
  const byFamily = new Map(regular.map((r) => [r.family, r.font]));
  const seen = new Map<number, string | null>();
  loaded = {
    families,
    files,
    familyOf(codePoint) {
      let family = seen.get(codePoint);
      if (family === undefined) {
        family = regular.find((r) => r.font.hasGlyphForCodePoint(codePoint))?.family ?? null;
        seen.set(codePoint, family);
      }
      return family;
    },
    has(family, codePoint) {
      return byFamily.get(family)?.hasGlyphForCodePoint(codePoint) ?? false;
    },
    widthOf(text, family, size) {
      const font = byFamily.get(family) ?? byFamily.get(BASE_FAMILY)!;
      return (font.layout(text).advanceWidth / font.unitsPerEm) * size;
    },
  };
  return loaded;
}
