import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { getEnv } from "./env.server";

export type Mail = { to: string; subject: string; text: string; html: string };

let transport: Transporter | undefined;

/**
 * With SMTP_URL, mail goes to that server. Without it, nodemailer renders the full message
 * and it is written to data/outbox/ as an .eml file, so a fresh install can still reset passwords.
 * nodemailer loads on the first mail: most of the server's life sends none, and it weighs a few MB.
 */
async function getTransport(): Promise<Transporter> {
  const env = getEnv();
  const { default: nodemailer } = await import("nodemailer");
  transport ??= env.smtpUrl
    ? nodemailer.createTransport(env.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transport;
}

/**
 * Sends a mail. Without SMTP the log names the outbox file and the page the mail's link leads to,
 * never the link itself: reset links carry a token that would sign anyone reading the log in.
 */
export async function sendMail(mail: Mail, { link }: { link?: string } = {}) {
  const env = getEnv();
  const info = await (await getTransport()).sendMail({ from: env.mailFrom, ...mail });
  if (!env.smtpUrl) {
    await fs.mkdir(env.outboxDir, { recursive: true });
    const file = path.join(env.outboxDir, `${Date.now()}-${randomBytes(4).toString("hex")}.eml`);
    await fs.writeFile(file, (info as { message: Buffer }).message, { mode: 0o600 });
    console.log(`Mail "${mail.subject}" to ${mail.to} written to ${file}${link ? ` (its link leads to ${linkWithoutQuery(link)})` : ""}`);
  }
}

const linkWithoutQuery = (link: string) => {
  const url = new URL(link);
  return url.origin + url.pathname;
};

export function closeMail() {
  transport?.close();
  transport = undefined;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("");
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#059669;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : "";
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#64748b">Circular Hub</p></body></html>`;
}

export function passwordResetMail(to: string, name: string, resetUrl: string): Mail {
  const intro = `Hello ${name}, we received a request to reset the password of your Circular Hub account.`;
  const expiry = "This link expires in 15 minutes and can be used once.";
  const ignore = "If you did not ask for this, you can ignore this e-mail: your password stays as it is.";
  return {
    to,
    subject: "Reset your Circular Hub password",
    text: `${intro}\n\nSet a new password here:\n${resetUrl}\n\n${expiry}\n\n${ignore}\n`,
    html: layout("Reset your password", [intro, expiry, ignore], { label: "Set a new password", url: resetUrl }),
  };
}

export function passwordChangedMail(to: string, name: string, loginUrl: string): Mail {
  const lines = [
    `Hello ${name}, the password of your Circular Hub account was just changed, and every device that was signed in has been signed out.`,
    "If this was not you, request a new reset link at once from the sign-in page and contact your administrator.",
  ];
  return {
    to,
    subject: "Your Circular Hub password was changed",
    text: `${lines.join("\n\n")}\n\nSign in: ${loginUrl}\n`,
    html: layout("Your password was changed", lines, { label: "Sign in", url: loginUrl }),
  };
}
