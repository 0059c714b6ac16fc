/**
 * Learned evaluation, inference only: the feature encoding of an open-hand position
 * ({@link io.github.ddzengine.mc.eval.ValueFeatures}), the value network that predicts the landlord
 * side's chance to win from it ({@link io.github.ddzengine.mc.eval.ValueNet}) and its file
 * ({@link io.github.ddzengine.mc.eval.ValueNetFile}). Training lives outside the engine jars (the
 * {@code ddz-learn} module, {@code ddz learn train}); {@code docs/learn.md} describes both.
 */
package io.github.ddzengine.mc.eval;
