package io.github.ddzengine.mc;

/** Exact probabilities and the chi-square tail for the statistical tests. */
final class Stats {
    private Stats() {
    }

    /** P(X = x) for X the number of marked cards among n drawn from N holding K marked. */
    static double hypergeometric(int bigN, int n, int bigK, int x) {
        if (x < Math.max(0, n - (bigN - bigK)) || x > Math.min(n, bigK)) {
            return 0;
        }
        return Math.exp(logChoose(bigK, x) + logChoose(bigN - bigK, n - x) - logChoose(bigN, n));
    }

    static double logChoose(int n, int k) {
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }

    /** P(chi2_df > x): the regularised upper incomplete gamma Q(df/2, x/2). */
    static double chiSquareSurvival(double x, int df) {
        double a = df / 2.0;
        double z = x / 2.0;
        if (z <= 0) {
            return 1;
        }
        if (z < a + 1) {
            // series for P(a, z)
            double sum = 1.0 / a;
            double term = sum;
            for (int n = 1; n < 1000; n++) {
                term *= z / (a + n);
                sum += term;
                if (term < sum * 1e-15) {
                    break;
                }
            }
            return 1 - sum * Math.exp(-z + a * Math.log(z) - logGamma(a));
        }
        // continued fraction for Q(a, z) (Lentz)
        double b = z + 1 - a;
        double c = 1e300;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < 1000; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = Math.abs(d) < 1e-300 ? 1e-300 : d;
            c = b + an / c;
            c = Math.abs(c) < 1e-300 ? 1e-300 : c;
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-15) {
                break;
            }
        }
        return Math.exp(-z + a * Math.log(z) - logGamma(a)) * h;
    }

    /** ln Gamma(a) for a = k/2 (exact recursion from Gamma(1) = 1 and Gamma(1/2) = sqrt(pi)). */
    static double logGamma(double a) {
        double s = 0;
        double x = a;
        while (x > 1.0001) {
            x -= 1;
            s += Math.log(x);
        }
        return Math.abs(x - 0.5) < 1e-9 ? s + 0.5 * Math.log(Math.PI) : s;
    }
}
