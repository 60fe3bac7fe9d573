import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/app/chunk-load-error.ts';
import { CrashScreen } from '@/app/crash-screen.tsx';
import { reportClientError } from '@/app/error-report.ts';

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors anywhere below it, reports them and shows the crash screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError(error, info.componentStack);
  }

  reset = () => {
    // Rendering again would retry the same rejected import: only a fresh page load fetches the code anew.
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null, hasError: false });
  };

  override render() {
    return this.state.hasError ? <CrashScreen onReset={this.reset} /> : this.props.children;
  }
}

/** The router's errorElement: errors thrown while loading or rendering a route. */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    // A 404 from the router is not a crash worth reporting.
    if (!isRouteErrorResponse(error)) reportClientError(error);
  }, [error]);
  const reset = () => {
    // The router keeps a route's rejected lazy import: only a fresh page load fetches the code anew.
    if (isChunkLoadError(error)) window.location.reload();
    // A fresh navigation to the same place gives the route a new location key, which resets its boundary.
    else navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true });
  };
  return <CrashScreen onReset={reset} />;
}
