import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';
import { SignInService } from './sign-in.service';
import { TwoFactorTickets } from './two-factor-tickets';

@Module({
  controllers: [AuthController],
  providers: [SignInService, TwoFactorTickets],
  exports: [SignInService],
})
export class AuthApiModule {}
