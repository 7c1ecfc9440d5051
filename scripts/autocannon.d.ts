/** The part of autocannon's API the bench uses (the package ships no types; node_modules is shared, so no @types install). */
declare module "autocannon" {
  type Options = { url: string; connections?: number; duration?: number; headers?: Record<string, string> };
  type Result = { requests: { average: number; total: number }; duration: number; errors: number; timeouts: number; non2xx: number };
  type Instance = PromiseLike<Result> & {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
