// Renders one exposed module behind React.lazy + RemoteBoundary; « Réessayer » forgets the failed load
// (registry and React.lazy cache) and loads again.
import { RemoteBoundary } from '@atelier/ui';
import { lazy, useState, type ComponentType } from 'react';

import { resetRemote } from './remote-registry';
import type { RemoteModule } from './remotes';

interface RemoteViewProps<P> {
  module: RemoteModule<P>;
  props?: P;
}

function RemoteMount<P extends object>({ module, props }: RemoteViewProps<P>) {
  const [Lazy, setLazy] = useState(() => lazy(module.load) as unknown as ComponentType<P>);
  const retry = () => {
    resetRemote(module.remote);
    setLazy(() => lazy(module.load) as unknown as ComponentType<P>);
  };
  return (
    <RemoteBoundary name={`${module.remote}/${module.expose}`} onRetry={retry}>
      <Lazy {...((props ?? {}) as P)} />
    </RemoteBoundary>
  );
}

export function RemoteView<P extends object>({ module, props }: RemoteViewProps<P>) {
  // Keyed by module: two routes rendering RemoteView at the same place must not share the lazy
  // component nor the boundary's error state.
  return <RemoteMount key={`${module.remote}/${module.expose}`} module={module} props={props} />;
}
