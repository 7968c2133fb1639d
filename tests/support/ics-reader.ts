/**
 * A small strict reader of calendar files (RFC 5545) for tests: it throws on anything a strict
 * calendar program would refuse (a bare LF, a line over 75 octets, a cut inside a character, an
 * unknown escape, components that do not nest) and answers the components with their properties
 * unescaped.
 */

export type IcsProperty = { name: string; params: Record<string, string>; value: string };
export type IcsComponent = { name: string; properties: IcsProperty[]; components: IcsComponent[] };

const decoder = new TextDecoder("utf-8", { fatal: true });

export function unescapeText(value: string) {
  return value.replace(/\\(.)/g, (_, character: string) => {
    if (character === "n" || character === "N") return "\n";
    if (character === "\\" || character === ";" || character === ",") return character;
    throw new Error(`Unknown escape \\${character}`);
  });
}

/** Each physical line's bytes, checked: CRLF ends, at most 75 octets, each whole UTF-8. */
export function physicalLines(bytes: Uint8Array): string[] {
  const text = decoder.decode(bytes);
  if (!text.endsWith("\r\n")) throw new Error("The file does not end with CRLF");
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) {
    if (/[\r\n]/.test(line)) throw new Error(`A bare CR or LF in ${JSON.stringify(line)}`);
    const octets = new TextEncoder().encode(line);
    if (octets.length > 75) throw new Error(`A line of ${octets.length} octets: ${line}`);
    // A fold inside a character would leave a piece that is not UTF-8 on its own.
    decoder.decode(octets);
  }
  return lines;
}

/** The file's one top-level component (VCALENDAR). */
export function readIcs(input: string | Uint8Array): IcsComponent {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const logical: string[] = [];
  for (const line of physicalLines(bytes)) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (logical.length === 0) throw new Error("A continuation line opens the file");
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const stack: IcsComponent[] = [];
  let top: IcsComponent | undefined;
  for (const line of logical) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const [, name, paramText, value] = match as unknown as [string, string, string, string];
    const params: Record<string, string> = {};
    for (const param of paramText.split(";").slice(1)) {
      const [key, ...rest] = param.split("=");
      params[key!.toUpperCase()] = rest.join("=").replace(/^"|"$/g, "");
    }
    const upper = name.toUpperCase();
    if (upper === "BEGIN") {
      const component: IcsComponent = { name: value, properties: [], components: [] };
      if (stack.length) stack[stack.length - 1]!.components.push(component);
      else if (top) throw new Error("A second top-level component");
      else top = component;
      stack.push(component);
    } else if (upper === "END") {
      const open = stack.pop();
      if (open?.name !== value) throw new Error(`END:${value} closes ${open?.name ?? "nothing"}`);
    } else {
      if (!stack.length) throw new Error(`${name} outside any component`);
      stack[stack.length - 1]!.properties.push({ name: upper, params, value });
    }
  }
  if (!top || stack.length) throw new Error("The components do not close");
  return top;
}

/** A property's value (TEXT unescaped), or undefined. */
export function propertyOf(component: IcsComponent, name: string, { text = false } = {}) {
  const property = component.properties.find((candidate) => candidate.name === name);
  if (!property) return undefined;
  return text ? unescapeText(property.value) : property.value;
}
