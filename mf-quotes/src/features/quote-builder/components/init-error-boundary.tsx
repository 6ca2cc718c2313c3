import { Component, type ErrorInfo, type ReactNode } from 'react';

import { Banner, Button } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';

/** SPEC.md §8 « Home »: a failure while setting the page up shows « Erreur lors de l'initialisation de la page ». */
export class InitErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(M.initError, error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Banner tone="error">
        {M.initError}{' '}
        <Button $variant="secondary" onClick={() => this.setState({ failed: false })}>
          {M.retry}
        </Button>
      </Banner>
    );
  }
}
