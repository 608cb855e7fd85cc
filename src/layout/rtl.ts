import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * Right-to-left (document 1 section 2.3). Flex rows and text follow the page's dir="rtl" by themselves; what does not
 * are the physical sides MUI and react-admin write (margin-left, padding-right, left: 0, text-align: left…). This
 * stylis plugin mirrors them as the styles are inserted, for a style cache used only while right-to-left is on.
 */
interface StylisElement {
  type: string;
  props: string | string[];
  children: string | StylisElement[];
  value: string;
  return: string;
  length: number;
}

const swapSides = (text: string) => text.replace(/left|right/g, (side) => (side === "left" ? "right" : "left"));

/** Splits a value on spaces outside parentheses (`calc(100% - 8px) 0` is two parts). */
function parts(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let token = "";
  for (const char of value.trim()) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === " " && depth === 0) {
      if (token) out.push(token);
      token = "";
    } else token += char;
  }
  if (token) out.push(token);
  return out;
}

const FOUR_SIDES = new Set(["margin", "padding", "border-width", "border-style", "border-color", "inset", "scroll-margin", "scroll-padding"]);
const SIDE_VALUES = new Set(["float", "clear", "text-align", "caption-side", "justify-self", "justify-items", "transform-origin", "background-position"]);

/** The opposite of a length: `12px` -> `-12px`, `-50%` -> `50%`, `0` stays, anything else through calc(). */
function negate(length: string): string {
  const value = length.trim();
  if (/^[+-]?0(\.0+)?[a-z%]*$/i.test(value)) return value;
  if (/^-[\d.]/.test(value)) return value.slice(1);
  if (/^\+?[\d.]/.test(value)) return `-${value.replace(/^\+/, "")}`;
  return `calc(-1 * ${value})`;
}

/** Splits a function's arguments on the commas outside nested parentheses. */
function args(inside: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let token = "";
  for (const char of inside) {
    if (char === "(") depth++;
    if (char === ")") depth--;
    if (char === "," && depth === 0) {
      out.push(token);
      token = "";
    } else token += char;
  }
  out.push(token);
  return out;
}

/**
 * A transform moved along the other way: translateX(a) and the x of translate(a, b) / translate3d(a, b, c) change
 * sign. An element anchored by `left` (mirrored to `right`) and nudged by a translation must be nudged the other way
 * too, or it lands outside its box: a checked Switch's thumb (translateX(20px)), a text field's label
 * (translate(14px, 16px)).
 */
function mirrorTransform(value: string): string | null {
  let changed = false;
  let out = "";
  let rest = value;
  const pattern = /\b(translateX|translate3d|translate)\(/i;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    const open = match.index + match[0].length;
    let depth = 1;
    let close = open;
    while (close < rest.length && depth > 0) {
      if (rest[close] === "(") depth++;
      if (rest[close] === ")") depth--;
      close++;
    }
    const parts = args(rest.slice(open, close - 1));
    parts[0] = negate(parts[0]);
    out += `${rest.slice(0, open)}${parts.join(",")})`;
    rest = rest.slice(close);
    changed = true;
  }
  return changed ? out + rest : null;
}

/** The mirrored declaration, or null when it has no side. Exported for its test. */
export function mirrorDeclaration(property: string, value: string): [string, string] | null {
  if (/(^|-)(left|right)(-|$)/.test(property)) return [swapSides(property), value];
  if (SIDE_VALUES.has(property) && /\b(left|right)\b/.test(value)) return [property, swapSides(value)];
  if (property === "transform") {
    const mirrored = mirrorTransform(value);
    return mirrored === null ? null : [property, mirrored];
  }
  const important = value.match(/\s*!important\s*$/)?.[0] ?? "";
  const p = parts(important ? value.slice(0, -important.length) : value);
  if (FOUR_SIDES.has(property) && p.length === 4 && p[1] !== p[3]) return [property, `${p[0]} ${p[3]} ${p[2]} ${p[1]}${important}`];
  if (property === "border-radius" && !value.includes("/")) {
    if (p.length === 4) return [property, `${p[1]} ${p[0]} ${p[3]} ${p[2]}${important}`];
    if (p.length === 3) return [property, `${p[1]} ${p[0]} ${p[1]} ${p[2]}${important}`];
    if (p.length === 2) return [property, `${p[1]} ${p[0]}${important}`];
  }
  return null;
}

function rtlPlugin(element: StylisElement) {
  if (element.type !== "decl" || typeof element.props !== "string" || typeof element.children !== "string") return;
  const mirrored = mirrorDeclaration(element.props, element.children);
  if (!mirrored) return;
  const [property, value] = mirrored;
  element.props = property;
  element.children = value;
  element.value = `${property}:${value};`;
  element.length = property.length;
  element.return = "";
}

let rtl: EmotionCache | null = null;
let ltr: EmotionCache | null = null;

/**
 * The style cache of the shell in each direction (their own keys, so both directions' styles can live in one page).
 * The shell always has one, so switching direction changes a value instead of remounting the console.
 */
export function directionCache(rightToLeft: boolean): EmotionCache {
  if (rightToLeft) return (rtl ??= createCache({ key: "muirtl", stylisPlugins: [rtlPlugin as never] }));
  return (ltr ??= createCache({ key: "mui" }));
}
