import { useMutation } from '@tanstack/react-query';
import type { LoginBody, ProfileResponse } from 'contracts';
import { api, markSignedIn } from 'platform';

export const login = (body: LoginBody) => api.post<ProfileResponse>('/auth/login', body);

/** The answer is the profile: seeding the session with it lets the shell know at once. */
export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (profile) => markSignedIn(profile),
  });
