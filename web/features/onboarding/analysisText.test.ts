import { describe, expect, it } from 'vitest';
import type { StartupSummary } from '../../../domain/contract/analysis';
import { ApiError, OfflineError } from '../../data/api';
import {
  ANALYSIS_FAILED,
  analysisFailureMessage,
  deeperAnalysisPrompt,
  shareText,
  ycScore,
} from './analysisText';

const summary: StartupSummary = {
  marketSize: {
    tam: '$4.2B',
    sam: '$610M',
    som: '$18M',
    assumptions: ['40k US labs', '$15k a year on used gear'],
  },
  valueProposition: {
    core: 'Half-price lab gear, verified',
    unique: ['Verified sellers', 'Escrow'],
  },
  pricing: { model: 'Commission', range: '6-9%', strategy: 'Free listings to seed supply' },
  ycQuestions: {
    market: true,
    problem: true,
    solution: true,
    differentiation: false,
    traction: false,
  },
};

describe("the 'Analysis failed' description", () => {
  it("uses the server's message, else its detail, error or first errors[].message", () => {
    expect(
      analysisFailureMessage(
        new ApiError('x', 429, {
          code: 'rate_limited',
          message: 'Too many analyses. Try again in an hour.',
        }),
      ),
    ).toBe('Too many analyses. Try again in an hour.');
    expect(analysisFailureMessage(new ApiError('x', 500, { detail: 'Model overloaded' }))).toBe(
      'Model overloaded',
    );
    expect(analysisFailureMessage(new ApiError('x', 500, { error: 'Bad gateway' }))).toBe(
      'Bad gateway',
    );
    expect(
      analysisFailureMessage(new ApiError('x', 400, { errors: [{ message: 'idea is required' }] })),
    ).toBe('idea is required');
  });

  it('falls back to the default text', () => {
    expect(
      analysisFailureMessage(new ApiError('Request failed with status 500', 500, undefined)),
    ).toBe(ANALYSIS_FAILED.message);
    expect(analysisFailureMessage(new ApiError('x', 500, { message: '  ' }))).toBe(
      ANALYSIS_FAILED.message,
    );
    expect(analysisFailureMessage(new Error('boom'))).toBe(
      "We couldn't analyze your startup idea. Please try again.",
    );
  });

  it('says so when the server cannot be reached', () => {
    expect(analysisFailureMessage(new OfflineError())).toBe(
      'Network error: Cannot connect to server. Please check your connection.',
    );
  });
});

describe('the co-founder summary', () => {
  it('holds the idea, every figure, the value proposition, the pricing and the checklist', () => {
    const text = shareText('Lab gear resale', summary);
    for (const part of [
      'Startup idea: Lab gear resale',
      'TAM: $4.2B',
      'SAM: $610M',
      'SOM: $18M',
      '40k US labs; $15k a year on used gear',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('Half-price lab gear, verified\n• Verified sellers\n• Escrow');
    expect(text).toContain(
      'Model: Commission\nRange: 6-9%\nStrategy: Free listings to seed supply',
    );
    expect(text).toContain(
      'YC CHECKLIST (3/5)\n✓ Market\n✓ Problem\n✓ Solution\n✗ Differentiation\n✗ Traction',
    );
  });

  it('counts the YC questions the idea answers', () => {
    expect(ycScore(summary)).toBe(3);
  });
});

describe("the chat prompt of 'Explore deeper analysis'", () => {
  it('names the idea, its figures and the open YC questions', () => {
    const prompt = deeperAnalysisPrompt('Lab gear resale', summary);
    expect(prompt).toContain('"Lab gear resale"');
    expect(prompt).toContain('TAM $4.2B, SAM $610M, SOM $18M');
    expect(prompt).toContain('differentiation, traction');
  });
});
