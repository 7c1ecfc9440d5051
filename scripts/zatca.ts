/**
 * ZATCA e-invoicing tools over files: hash, sign, qr, validate (see scripts/zatca-cli.ts).
 *
 *   npm run zatca -- hash Simplified_Invoice.xml
 *   npm run zatca -- sign unsigned.xml --key key.pem --cert cert.pem --out signed.xml
 *   npm run zatca -- qr signed.xml
 *   npm run zatca -- validate signed.xml
 *   npm run zatca -- onboard --otp 123456 [--branch "Riyadh"] [--category "Travel and tourism"]
 *   npm run zatca -- status
 *
 * onboard and status act on this installation's unit (ZATCA_UNIT, ZATCA_KEY, ZATCA_API_URL), through
 * the running server when there is one (scripts/ops-client.ts).
 */
import { parseArgs } from "node:util";
import { runOperatorCommand } from "./ops-client";
import { processIo, runZatca } from "./zatca-cli";

const [command, ...rest] = process.argv.slice(2);
if (command === "onboard" || command === "status") {
  const { values } = parseArgs({ args: rest, options: { otp: { type: "string" }, branch: { type: "string" }, category: { type: "string" } } });
  if (command === "onboard" && !/^\d{6}$/.test(values.otp ?? "")) {
    console.error("Usage: npm run zatca -- onboard --otp <the six digits from the Fatoora portal>");
    process.exit(2);
  }
  const result = await runOperatorCommand("zatca:onboard", command === "status" ? { status: true } : { otp: values.otp, branch: values.branch, category: values.category });
  console.info(result.output);
  process.exitCode = result.ok ? 0 : 1;
} else {
  process.exitCode = await runZatca(process.argv.slice(2), processIo());
}
