// Stand-in for @octocloud/core (the registry has no version the validator pins): the same fetchRetry
// semantics as @octocloud/core 1.0.57 (3 attempts, retry on 5xx/429 after 2 s, 3 s; rethrow network errors).
class LogicError extends Error {}
class RequestContext {}
class SubRequestContext {}
async function fetchRetry(request, _o, attempt = 0) {
  if (attempt > 0) await new Promise((r) => setTimeout(r, (attempt + 1) * 1000));
  let res; let error = null;
  try { res = await fetch(request.clone()); } catch (e) { res = new Response('{"error":"no response"}', { status: 500 }); error = e; }
  attempt++;
  if (((res.status >= 500 && res.status < 599) || res.status === 429) && attempt < 3) return fetchRetry(request, _o, attempt);
  if (error) throw error;
  return res;
}
module.exports = { LogicError, RequestContext, SubRequestContext, fetchRetry };
