// Imported first by server.js, so the patch is in place before @remix-run/router is loaded.
import { memoizeRouteMatching } from "./route-matching.js";

memoizeRouteMatching();
