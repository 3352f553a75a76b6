import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { AUTH_TABS, pickTab, type AuthTab } from '../../../lib/paths';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

const messages = defineMessages({
  signupTitle: { id: 'site.authTabs.signupTitle', defaultMessage: 'Create your account' },
  signupText: { id: 'site.authTabs.signupText', defaultMessage: 'Choose a plan and start creating dynamic QR codes.' },
  loginTitle: { id: 'site.authTabs.loginTitle', defaultMessage: 'Welcome back' },
  loginText: { id: 'site.authTabs.loginText', defaultMessage: 'Log in to manage your QR codes.' },
});

const HEADINGS = {
  signup: { title: messages.signupTitle, text: messages.signupText },
  login: { title: messages.loginTitle, text: messages.loginText },
} satisfies Record<AuthTab, unknown>;

/** 'Sign Up' / 'Log In' tabs; the open tab lives in ?tab= so /signup and links can choose it. */
export function AuthTabs() {
  const intl = useIntl();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = pickTab(searchParams.get('tab'), AUTH_TABS, 'login');
  const heading = HEADINGS[tab];

  const selectTab = (value: string) => {
    const next = pickTab(value, AUTH_TABS, 'login');
    setSearchParams(next === 'login' ? {} : { tab: next }, { replace: true });
  };

  return (
    <Card className="w-full">
      <CardHeader>
        <h1 className="text-2xl leading-tight font-semibold tracking-tight">{intl.formatMessage(heading.title)}</h1>
        <CardDescription>{intl.formatMessage(heading.text)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="signup">
              <FormattedMessage id="site.authTabs.signUp" defaultMessage="Sign Up" />
            </TabsTrigger>
            <TabsTrigger value="login">
              <FormattedMessage id="site.authTabs.logIn" defaultMessage="Log In" />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="signup" className="mt-6">
            <SignupForm />
          </TabsContent>
          <TabsContent value="login" className="mt-6">
            <LoginForm />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
