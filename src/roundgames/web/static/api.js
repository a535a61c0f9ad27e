// The HTTP half of docs/web.md: JSON in, JSON out, and errors as {"error": {"field", "message"}}.

/** An HTTP error from our server: `status`, `field` (or null) and a message a person can read. */
export class ApiError extends Error {
  constructor(status, message, field = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.field = field;
  }
}

async function request(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "The server cannot be reached; check the connection and try again.");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    // A proxy's HTML error page, or an empty answer: reported below by its status.
  }
  if (!response.ok) {
    const error = data?.error ?? {};
    throw new ApiError(response.status, error.message ?? `The server answered ${response.status}.`, error.field ?? null);
  }
  return data;
}

const table = (id) => `/api/tables/${encodeURIComponent(id)}`;

export const getOptions = () => request("GET", "/api/options");
export const listTables = () => request("GET", "/api/tables");
export const getTable = (id) => request("GET", table(id));
export const createTable = (newTable) => request("POST", "/api/tables", newTable);
export const sit = (id, seat, name) => request("POST", `${table(id)}/sit`, { seat, name });
export const scoresCsvUrl = (id) => `${table(id)}/scores.csv`;
export const recordsUrl = (id) => `${table(id)}/records.json`;
export const inviteQrUrl = (id) => `${table(id)}/invite.svg`;
export const setListed = (id, token, listed) => request("POST", `${table(id)}/listed`, { token, listed });
export const stopSitting = (id, token) => request("POST", `${table(id)}/stop`, { token });
