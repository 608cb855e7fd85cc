// The API reference page: reads /v2/openapi.json and renders it. Served as a file (no inline script, so the page
// passes a strict Content-Security-Policy); builds the page with DOM calls and textContent only.
"use strict";

const METHODS = ["get", "post", "put", "patch", "delete"];

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Text with `code` spans, paragraph by paragraph. */
function prose(text) {
  return String(text || "")
    .split(/\n\s*\n/)
    .map((paragraph) => el("p", {}, paragraph.split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part.replace(/\s*\n\s*/g, " ")))));
}

function resolveRef(doc, schema) {
  const seen = new Set();
  while (schema && schema.$ref && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const path = schema.$ref.replace(/^#\//, "").split("/");
    let target = doc;
    for (const key of path) target = target && target[key];
    if (!target) break;
    schema = target;
  }
  return schema;
}

/** The rules a schema states, in a few words: "≤ 255 chars", "1 … 2147483647", "yyyy-MM-dd"… */
function rules(schema) {
  const out = [];
  if (schema.format) out.push(schema.format);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) out.push(`${schema.minLength ?? 0}…${schema.maxLength ?? "∞"} chars`);
  if (schema.minimum !== undefined || schema.maximum !== undefined) out.push(`${schema.minimum ?? "−∞"} … ${schema.maximum ?? "∞"}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined) out.push(`${schema.minItems ?? 0}…${schema.maxItems ?? "∞"} items`);
  if (schema.pattern) out.push(`pattern ${schema.pattern}`);
  if (schema.enum) out.push(`one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.const !== undefined) out.push(`= ${JSON.stringify(schema.const)}`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  if (schema["x-filter-type"]) out.push(`filter of type ${schema["x-filter-type"]}`);
  if (schema.description) out.push(schema.description);
  const choices = schema.anyOf || schema.oneOf;
  if (choices && isPlainChoice(schema)) out.push(...choices.map(rules).filter(Boolean));
  return out.join("; ");
}

/** A choice between plain values ("number | string") reads as one type; only choices of shapes are unfolded. */
const isPlainChoice = (schema) => (schema.anyOf || schema.oneOf || []).every((c) => !c.properties && !c.items && !c.anyOf && !c.$ref);

function typeOf(schema) {
  if (schema.type) return [schema.type].flat().join(" | ");
  const choices = schema.anyOf || schema.oneOf;
  if (choices && isPlainChoice(schema)) return choices.map((c) => (c.const !== undefined ? JSON.stringify(c.const) : typeOf(c))).join(" | ");
  if (choices) return "one of";
  if (schema.properties) return "object";
  return "any";
}

/** A schema as a nested list: each property with its type, whether it is required, and its rules. */
function schemaTree(doc, schema, depth = 0, seen = new Set()) {
  const list = el("ul");
  const resolved = resolveRef(doc, schema) || {};
  if (schema && schema.$ref) {
    if (seen.has(schema.$ref) || depth > 6) return el("ul", {}, el("li", {}, el("span", { class: "type" }, schema.$ref.split("/").pop())));
    seen = new Set(seen).add(schema.$ref);
  }
  const props = resolved.properties || {};
  const required = new Set(resolved.required || []);
  for (const [name, child] of Object.entries(props)) {
    const c = resolveRef(doc, child) || {};
    const item = el("li", {}, el("span", { class: "name" }, name), required.has(name) ? el("span", { class: "req" }, "required") : null, " ", el("span", { class: "type" }, typeOf(c)), el("span", { class: "rule" }, rules(c)));
    if (depth < 8 && (c.properties || c.items || ((c.anyOf || c.oneOf) && !isPlainChoice(c)) || (child && child.$ref))) item.append(nested(doc, child, depth + 1, seen));
    list.append(item);
  }
  if (!Object.keys(props).length) list.append(el("li", {}, el("span", { class: "type" }, typeOf(resolved)), el("span", { class: "rule" }, rules(resolved)), depth < 8 ? nested(doc, schema, depth + 1, seen, true) : null));
  if (resolved.additionalProperties && typeof resolved.additionalProperties === "object" && Object.keys(props).length) {
    list.append(el("li", {}, el("span", { class: "name" }, "(any other key)"), " ", el("span", { class: "type" }, typeOf(resolveRef(doc, resolved.additionalProperties) || {}))));
  }
  return list;
}

/** What sits below a schema: the items of a list, the choices of a union. */
function nested(doc, schema, depth, seen, leafOnly) {
  const resolved = resolveRef(doc, schema) || {};
  if (resolved.properties && !leafOnly) return schemaTree(doc, schema, depth, seen);
  if (resolved.items) {
    const items = resolveRef(doc, resolved.items) || {};
    return el("ul", {}, el("li", {}, el("span", { class: "name" }, "items"), " ", el("span", { class: "type" }, typeOf(items)), el("span", { class: "rule" }, rules(items)), items.properties || items.anyOf ? schemaTree(doc, resolved.items, depth, seen) : null));
  }
  const choices = resolved.anyOf || resolved.oneOf;
  if (choices && !isPlainChoice(resolved)) {
    return el(
      "ul",
      {},
      choices.map((choice) => {
        const c = resolveRef(doc, choice) || {};
        return el("li", {}, el("span", { class: "type" }, typeOf(c)), el("span", { class: "rule" }, rules(c)), c.properties || c.items ? nested(doc, choice, depth + 1, seen) : null);
      }),
    );
  }
  return null;
}

function operation(doc, path, method, op) {
  const body = el("div", { class: "body" });
  if (op.description) body.append(...prose(op.description));
  const params = op.parameters || [];
  if (params.length) {
    body.append(
      el("h3", {}, "Parameters"),
      el(
        "table",
        {},
        el("thead", {}, el("tr", {}, el("th", {}, "name"), el("th", {}, "in"), el("th", {}, "type"), el("th", {}, "rules"))),
        el(
          "tbody",
          {},
          params.map((p) => {
            const s = resolveRef(doc, p.schema) || {};
            return el(
              "tr",
              {},
              el("td", {}, el("code", {}, p.name), p.required ? el("span", { class: "req" }, "required") : null),
              el("td", {}, p.in),
              el("td", {}, typeOf(s)),
              el("td", { class: "schema" }, rules(s), s.properties || s.items || s.anyOf ? schemaTree(doc, p.schema, 1) : null),
            );
          }),
        ),
      ),
    );
  }
  if (op.requestBody && op.requestBody.content) {
    for (const [type, media] of Object.entries(op.requestBody.content)) {
      body.append(el("h3", {}, `Body (${type})`), el("div", { class: "schema" }, schemaTree(doc, media.schema || {})));
    }
  }
  const responses = Object.entries(op.responses || {});
  if (responses.length) {
    body.append(el("h3", {}, "Responses"), el("ul", {}, responses.map(([code, r]) => el("li", {}, el("code", {}, code), " ", r.description || ""))));
  }
  const signedIn = Array.isArray(op.security) && op.security.length > 0;
  const summary = el("summary", {}, el("span", { class: `method ${method}` }, method.toUpperCase()), el("span", {}, path), el("span", { class: "lock" }, signedIn ? "session" : "public"));
  return el("details", { class: "op", "data-search": `${method} ${path} ${(op.tags || []).join(" ")}`.toLowerCase() }, summary, body);
}

function render(doc) {
  document.title = `${doc.info.title} reference`;
  document.getElementById("title").textContent = `${doc.info.title} ${doc.info.version ? `v${doc.info.version}` : ""}`;
  const byTag = new Map();
  for (const [path, item] of Object.entries(doc.paths || {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = (op.tags && op.tags[0]) || "other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operation(doc, path, method, op));
    }
  }
  const content = document.getElementById("content");
  const nav = document.getElementById("areas");
  content.replaceChildren(el("div", { class: "intro" }, prose(doc.info.description)));
  nav.replaceChildren();
  for (const tag of [...byTag.keys()].sort()) {
    const ops = byTag.get(tag);
    const id = `area-${tag.replace(/[^a-z0-9_-]/gi, "-")}`;
    content.append(el("section", { id }, el("h2", {}, tag.replace(/[_-]/g, " ")), ops));
    nav.append(el("a", { href: `#${id}` }, el("span", {}, tag.replace(/[_-]/g, " ")), el("span", { class: "count" }, String(ops.length))));
  }
  document.getElementById("filter").addEventListener("input", (event) => {
    const words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const op of document.querySelectorAll("details.op")) {
      op.classList.toggle("hidden", !words.every((w) => op.dataset.search.includes(w)));
    }
    for (const section of document.querySelectorAll("main section")) {
      section.classList.toggle("hidden", !section.querySelector("details.op:not(.hidden)"));
    }
  });
}

fetch("/v2/openapi.json")
  .then((res) => {
    if (!res.ok) throw new Error(`The document answered ${res.status}`);
    return res.json();
  })
  .then(render)
  .catch((error) => {
    document.getElementById("status").textContent = `The document could not be loaded: ${error.message}`;
  });
