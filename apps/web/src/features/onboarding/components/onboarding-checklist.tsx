import { CircleCheck, CircleDashed, CircleHelp, X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import type { User } from '../../../lib/user';
import { paths } from '../../../lib/paths';
import { cn } from '../../../lib/utils';
import { usePlanPrices } from '../../../lib/site-config';
import { useCodeCount, useSubscriptionStatus } from '../api/onboarding-state';
import { onboardingSteps, type OnboardingStep } from '../api/onboarding-steps';

function StepIcon({ step, loading }: { step: OnboardingStep; loading: boolean }) {
  if (step.completed) return <CircleCheck className="size-6 shrink-0 text-green-600 dark:text-green-400" aria-hidden="true" />;
  if (step.completed === null && loading) return <Spinner className="size-6 shrink-0 text-muted-foreground" />;
  if (step.completed === null) return <CircleHelp className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />;
  return <CircleDashed className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />;
}

function statusText(step: OnboardingStep, loading: boolean): string {
  if (step.completed) return 'Completed';
  if (step.completed === null) return loading ? 'Checking...' : 'Could not be checked right now';
  return 'To do';
}

/**
 * The account's three first steps. With `onDismiss` it is the dashboard's banner: it has a Dismiss
 * button and disappears once every step is done.
 */
export function OnboardingChecklist({ user, onDismiss }: { user: User; onDismiss?: () => void }) {
  const codes = useCodeCount(true);
  const subscription = useSubscriptionStatus(true);
  const { prices } = usePlanPrices();
  const steps = onboardingSteps({
    prices,
    user,
    codeCount: codes.data,
    subscriptionStatus: subscription.isSuccess ? subscription.data : undefined,
  });
  const loading = codes.isLoading || subscription.isLoading;
  const done = steps.filter((step) => step.completed).length;
  const allDone = done === steps.length;
  if (onDismiss && allDone) return null;

  return (
    <Card role={onDismiss ? 'region' : undefined} aria-labelledby="onboarding-title">
      <CardHeader className="relative">
        {onDismiss && (
          <Button variant="ghost" size="icon" className="absolute top-4 right-4" aria-label="Dismiss the checklist" onClick={onDismiss}>
            <X aria-hidden="true" />
          </Button>
        )}
        <CardTitle as="h2" id="onboarding-title">
          {allDone ? "You're all set" : 'Get started in three steps'}
        </CardTitle>
        <CardDescription>
          {done} of {steps.length} steps completed
        </CardDescription>
        <div
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={steps.length}
          aria-valuenow={done}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <li
              key={step.id}
              className={cn('flex flex-col gap-4 rounded-lg border p-4 sm:flex-row sm:items-center', step.completed && 'bg-muted/50')}
            >
              <div className="flex flex-1 items-start gap-3">
                <StepIcon step={step} loading={loading} />
                <div className="min-w-0">
                  <h3 className="font-semibold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">{step.description}</p>
                  <p className="mt-1 text-xs font-medium text-muted-foreground">{statusText(step, loading)}</p>
                </div>
              </div>
              <Button asChild variant={step.completed ? 'outline' : 'default'} className="sm:w-44">
                <Link to={step.action.to}>{step.completed ? step.action.doneLabel : step.action.label}</Link>
              </Button>
            </li>
          ))}
        </ol>
        {allDone && !onDismiss && (
          <Button asChild className="mt-6 w-full sm:w-auto">
            <Link to={paths.dashboard}>Go to Dashboard</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
