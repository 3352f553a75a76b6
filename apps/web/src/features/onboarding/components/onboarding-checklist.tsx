import { CircleCheck, CircleDashed, CircleHelp, X } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
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

function statusText(intl: IntlShape, step: OnboardingStep, loading: boolean): string {
  if (step.completed) return intl.formatMessage({ id: 'account.onboarding.statusCompleted', defaultMessage: 'Completed' });
  if (step.completed === null)
    return loading
      ? intl.formatMessage({ id: 'account.onboarding.statusChecking', defaultMessage: 'Checking...' })
      : intl.formatMessage({ id: 'account.onboarding.statusUnknown', defaultMessage: 'Could not be checked right now' });
  return intl.formatMessage({ id: 'account.onboarding.statusToDo', defaultMessage: 'To do' });
}

/**
 * The account's three first steps. With `onDismiss` it is the dashboard's banner: it has a Dismiss
 * button and disappears once every step is done.
 */
export function OnboardingChecklist({ user, onDismiss }: { user: User; onDismiss?: () => void }) {
  const intl = useIntl();
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
          <Button
            variant="ghost"
            size="icon"
            className="absolute end-4 top-4"
            aria-label={intl.formatMessage({ id: 'account.onboarding.dismiss', defaultMessage: 'Dismiss the checklist' })}
            onClick={onDismiss}
          >
            <X aria-hidden="true" />
          </Button>
        )}
        <CardTitle as="h2" id="onboarding-title">
          {allDone ? (
            <FormattedMessage id="account.onboarding.allSet" defaultMessage="You're all set" />
          ) : (
            <FormattedMessage id="account.onboarding.title" defaultMessage="Get started in three steps" />
          )}
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.onboarding.progress"
            defaultMessage="{done} of {total, plural, one {# step} other {# steps}} completed"
            values={{ done, total: steps.length }}
          />
        </CardDescription>
        <div
          role="progressbar"
          aria-label={intl.formatMessage({ id: 'account.onboarding.progressLabel', defaultMessage: 'Onboarding progress' })}
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
                    <span className="sr-only">
                      <FormattedMessage id="account.onboarding.stepNumber" defaultMessage="Step {number}:" values={{ number: index + 1 }} />
                    </span> {intl.formatMessage(step.title)}
                  </h3>
                  <p className="mt-1 text-sm text-muted-foreground">{intl.formatMessage(step.description.message, step.description.values)}</p>
                  <p className="mt-1 text-xs font-medium text-muted-foreground">{statusText(intl, step, loading)}</p>
                </div>
              </div>
              <Button asChild variant={step.completed ? 'outline' : 'default'} className="sm:w-44">
                <Link to={step.action.to}>{intl.formatMessage(step.completed ? step.action.doneLabel : step.action.label)}</Link>
              </Button>
            </li>
          ))}
        </ol>
        {allDone && !onDismiss && (
          <Button asChild className="mt-6 w-full sm:w-auto">
            <Link to={paths.dashboard}>
              <FormattedMessage id="account.onboarding.goToDashboard" defaultMessage="Go to Dashboard" />
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
