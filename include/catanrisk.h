/**
 * @file catanrisk.h
 * @brief Umbrella header of libcatanrisk: includes every public header.
 */
#ifndef CATANRISK_H
#define CATANRISK_H

#include "catanrisk/common.h"
#include "catanrisk/errors.h"
#include "catanrisk/rules.h"
#include "catanrisk/game.h"
#include "catanrisk/view.h"
#include "catanrisk/catan.h"
#include "catanrisk/two_player.h"
#include "catanrisk/risk.h"
#include "catanrisk/serialize.h"
#include "catanrisk/record.h"
#include "catanrisk/module.h"
#include "catanrisk/rl.h"

#endif
