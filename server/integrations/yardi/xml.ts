/**
 * Just enough XML for Yardi's SOAP answers: elements (namespace prefixes dropped), attributes, text, CDATA and the
 * five predefined entities plus numeric ones. No DTDs (refused, so no entity expansion), no external anything.
 * Throws XmlError on anything not well-formed; the adapter turns that into the provider's malformed-answer error.
 */
export interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export class XmlError extends Error {}

const local = (name: string) => name.slice(name.indexOf(":") + 1);

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const e = entity.toLowerCase();
    if (e === "amp") return "&";
    if (e === "lt") return "<";
    if (e === "gt") return ">";
    if (e === "quot") return '"';
    if (e === "apos") return "'";
    const code = e.startsWith("#x") ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    if (!Number.isFinite(code) || code > 0x10ffff) throw new XmlError("Bad character reference");
    return String.fromCodePoint(code);
  });
}

export function parseXml(source: string): XmlNode {
  const root: XmlNode = { name: "#document", attrs: {}, children: [], text: "" };
  const stack: XmlNode[] = [root];
  let i = 0;
  const top = () => stack[stack.length - 1];
  while (i < source.length) {
    const lt = source.indexOf("<", i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      if (stack.length === 1) {
        if (text.trim()) throw new XmlError("Text outside the root element");
      } else top().text += decode(text);
    }
    if (lt === -1) break;
    if (source.startsWith("<?", lt)) {
      const end = source.indexOf("?>", lt);
      if (end === -1) throw new XmlError("Unclosed processing instruction");
      i = end + 2;
    } else if (source.startsWith("<!--", lt)) {
      const end = source.indexOf("-->", lt);
      if (end === -1) throw new XmlError("Unclosed comment");
      i = end + 3;
    } else if (source.startsWith("<![CDATA[", lt)) {
      const end = source.indexOf("]]>", lt);
      if (end === -1 || stack.length === 1) throw new XmlError("Bad CDATA section");
      top().text += source.slice(lt + 9, end);
      i = end + 3;
    } else if (source.startsWith("<!", lt)) {
      throw new XmlError("Document type declarations are not accepted");
    } else if (source.startsWith("</", lt)) {
      const end = source.indexOf(">", lt);
      if (end === -1) throw new XmlError("Unclosed end tag");
      const name = local(source.slice(lt + 2, end).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw new XmlError(`Mismatched end tag </${name}>`);
      i = end + 1;
    } else {
      const match = /^<([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/.exec(source.slice(lt, lt + 100_000));
      if (!match) throw new XmlError("Bad start tag");
      const attrs: Record<string, string> = Object.create(null);
      for (const a of match[2].matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[local(a[1])] = decode(a[2] ?? a[3] ?? "");
      const node: XmlNode = { name: local(match[1]), attrs, children: [], text: "" };
      if (stack.length === 1 && root.children.length) throw new XmlError("More than one root element");
      top().children.push(node);
      if (!match[3]) stack.push(node);
      i = lt + match[0].length;
    }
  }
  if (stack.length !== 1) throw new XmlError(`Unclosed element <${top().name}>`);
  if (!root.children.length) throw new XmlError("No root element");
  return root.children[0];
}

/** The first descendant (depth first) called `name`. */
export function find(node: XmlNode, name: string): XmlNode | undefined {
  for (const child of node.children) {
    if (child.name === name) return child;
    const deeper = find(child, name);
    if (deeper) return deeper;
  }
  return undefined;
}

export const childrenOf = (node: XmlNode | undefined, name: string) => node?.children.filter((c) => c.name === name) ?? [];
export const childOf = (node: XmlNode | undefined, name: string) => node?.children.find((c) => c.name === name);
/** A child's trimmed text, or null when it is missing or empty. */
export const textOf = (node: XmlNode | undefined, name: string) => {
  const value = childOf(node, name)?.text.trim();
  return value ? value : null;
};

export const escapeXml = (value: string) => value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
