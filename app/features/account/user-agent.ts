/**
 * A readable name for the browser or client a session signed in from ("Firefox on Linux"), read
 * from its User-Agent. Clients name themselves as they like, so this is a hint for the member,
 * never a check: the raw string is shown beside it.
 */

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bChromium\//, "Chromium"],
  [/\bChrome\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bcurl\//i, "curl"],
  [/\bnode-fetch\b|\bundici\b|^node\b/i, "Node.js"],
  [/\bpython-requests\/|\bPython\b/i, "Python"],
  [/\bPostmanRuntime\//, "Postman"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

export function describeUserAgent(userAgent: string): string {
  const agent = userAgent.trim();
  if (!agent) return "Unknown client";
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  // An API client of its own: its first word (its name and version), shortened.
  const first = agent.split(/\s+/)[0];
  return first.length > 40 ? `${first.slice(0, 39)}…` : first;
}
