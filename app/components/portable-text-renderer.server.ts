// The renderer as the server sees it: a .server module is an empty module in the browser bundle, so
// RichText (portable-text.tsx) can tell the two apart and the browser downloads the renderer only when needed.
export { PortableTextRenderer } from "./portable-text-renderer";
