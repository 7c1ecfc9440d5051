export declare class LogicError extends Error {}
export declare class RequestContext { getRequestId(): string; addSubrequest(d: unknown): void }
export declare class SubRequestContext { constructor(o: unknown); getRequestData(): unknown }
export declare function fetchRetry(req: Request, o?: unknown): Promise<Response>;
