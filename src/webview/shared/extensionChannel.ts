// The webview's side of the message channel to the extension. Each webview declares its messages
// once, in its own messages.ts (imported by both sides), and talks through this typed wrapper.

interface VsCodeWebviewApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeWebviewApi;

export interface ExtensionChannel<FromWebview, ViewState> {
  post(message: FromWebview): void;
  /** View state only (scroll position, selection): VS Code keeps it while the panel is hidden. */
  savedState(): ViewState | undefined;
  saveState(state: ViewState): void;
}

/** acquireVsCodeApi may be called once per page: call this once, in main.ts. */
export function connectToExtension<ToWebview, FromWebview, ViewState = never>(onMessage: (message: ToWebview) => void): ExtensionChannel<FromWebview, ViewState> {
  const api = acquireVsCodeApi();
  window.addEventListener('message', (event: MessageEvent<ToWebview>) => onMessage(event.data));
  return {
    post: (message) => api.postMessage(message),
    savedState: () => api.getState() as ViewState | undefined,
    saveState: (state) => api.setState(state),
  };
}
